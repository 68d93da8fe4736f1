/** Attributes of {@link el}: `text` and `class` set those, `on…` adds a listener, the rest are attributes. */
export type Attributes = Record<string, string | ((event: Event) => void) | undefined>;

/** A child of {@link el}: a node, text, or nothing (skipped). */
export type Child = Node | string | null | undefined;

/**
 * An element with its attributes and children. Text is always set as text (`textContent`, text
 * nodes), never parsed as HTML, so a value from the API cannot inject markup into the page.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, children: readonly Child[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (name === 'text') node.textContent = value;
    else if (name === 'class') node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child != null) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const KNOWN_BADGES = ['accepted', 'fallback', 'answered', 'passed', 'failed', 'committed', 'refused'];

/** A status badge, coloured when the value is one the page knows. */
export function badge(value: string): HTMLSpanElement {
  return el('span', { class: `badge ${KNOWN_BADGES.includes(value) ? value : 'other'}`, text: String(value) });
}

/** The browser's time zone, named beside every time shown and every time filter, so a time is never ambiguous. */
export const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';

/** A stored instant in the browser's zone, with the zone's name (e.g. "01/12/2026, 16:02:11 CET"). */
export function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
}

/** A time cell: the zoned time, the exact ISO instant (UTC) as its tooltip and machine-readable value. */
export function timeEl<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes, iso: string): HTMLElementTagNameMap[K] {
  return el(tag, attributes, [el('time', { datetime: String(iso), title: String(iso), text: when(iso) })]);
}

/** The record's trace id, when the server stored one (requests carrying or starting a W3C trace), as a link to everything in that trace. */
export function traceLink(traceId: string | null | undefined): HTMLElement {
  if (!traceId) return el('span', { class: 'muted', text: '—' });
  return el('a', { class: 'mono trace', href: `#/trace/${encodeURIComponent(traceId)}`, 'data-trace-id': traceId, text: traceId });
}

/** A titled section of a detail view, or nothing when it has no items. */
export function section(title: string, items: readonly Child[] | undefined): HTMLElement | null {
  if (!items || items.length === 0) return null;
  return el('div', { 'data-section': title }, [el('h3', { text: title }), ...items]);
}

/** An object's fields as a definition list (objects as indented JSON), leaving out `skip` and empty values. */
export function keyValues(object: Record<string, unknown> | null | undefined, skip: readonly string[] = []): HTMLElement {
  const rows: HTMLElement[] = [];
  for (const [key, value] of Object.entries(object ?? {})) {
    if (skip.includes(key) || value === null || value === undefined) continue;
    rows.push(el('dt', { text: key }));
    rows.push(
      typeof value === 'object'
        ? el('dd', {}, [el('pre', { class: 'mono', text: JSON.stringify(value, null, 2) })])
        : el('dd', { class: 'mono', text: String(value) }),
    );
  }
  return el('dl', { class: 'grid' }, rows);
}
