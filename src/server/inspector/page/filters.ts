import { el, ZONE } from './dom.js';

/** A filter field: a text-like input, or a select when it has options ([value, label] pairs). */
export interface FilterField {
  name: string;
  label: string;
  type?: string;
  placeholder?: string;
  options?: readonly (readonly [string, string])[];
}

/** A datetime-local input's value (local time) for an ISO instant. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO instant of a datetime-local input's value, or '' when it has none. */
function isoOf(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/**
 * A filter form whose state lives in the URL (the hash's query), so a view can be shared: the
 * fields are read from params, and applying them only changes the address, which re-renders.
 */
export function filterForm(view: string, params: URLSearchParams, fields: readonly FilterField[]): HTMLFormElement {
  const inputs: Record<string, HTMLInputElement | HTMLSelectElement> = {};
  const apply = (event: Event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const f of fields) {
      let value = inputs[f.name]?.value.trim() ?? '';
      if (f.type === 'datetime-local') value = isoOf(value);
      if (value) next.set(f.name, value);
    }
    const query = next.toString();
    location.hash = `#/${view}${query ? `?${query}` : ''}`;
  };
  const form: HTMLFormElement = el('form', { class: 'filters', id: 'filters', onsubmit: apply }, [
    ...fields.map((f) => {
      const input = f.options ? select(f, params, () => form.requestSubmit()) : textInput(f, params);
      inputs[f.name] = input;
      return el('label', { for: `filter-${f.name}` }, [f.type === 'datetime-local' ? `${f.label} (${ZONE})` : f.label, input]);
    }),
    el('div', { class: 'actions' }, [
      el('button', { type: 'submit', class: 'primary', text: 'Apply' }),
      el('button', {
        type: 'button',
        text: 'Clear',
        onclick: () => {
          location.hash = `#/${view}`;
        },
      }),
    ]),
  ]);
  return form;
}

function select(f: FilterField, params: URLSearchParams, changed: () => void): HTMLSelectElement {
  return el(
    'select',
    { name: f.name, id: `filter-${f.name}`, onchange: changed },
    (f.options ?? []).map(([value, label]) => {
      const option = el('option', { value, text: label });
      if (value === (params.get(f.name) ?? '')) option.selected = true;
      return option;
    }),
  );
}

function textInput(f: FilterField, params: URLSearchParams): HTMLInputElement {
  const input = el('input', { name: f.name, id: `filter-${f.name}`, type: f.type ?? 'text', placeholder: f.placeholder ?? '' });
  input.value = f.type === 'datetime-local' ? localInput(params.get(f.name)) : (params.get(f.name) ?? '');
  return input;
}

/** Listing query for the API from the URL's filters: only the named ones, renamed where the API's name differs. */
export function apiQuery(params: URLSearchParams, names: Record<string, string>, cursor?: string | null, limit = 50): string {
  const q = new URLSearchParams();
  q.set('limit', String(limit));
  for (const [name, apiName] of Object.entries(names)) {
    const value = params.get(name);
    if (value) q.set(apiName, value);
  }
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}
