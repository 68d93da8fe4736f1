import { api } from './api.js';
import { badge, el, timeEl, traceLink } from './dom.js';
import { apiQuery, filterForm } from './filters.js';
import { backTo, main, renderNav, showError } from './shell.js';
import type { EffectRecord, EffectRow, ForbiddenMatch, Listing } from './wire.js';

const VIOLATION_LABELS: Record<string, string> = {
  forbidden_term_present: 'forbidden',
  missing_must_include: 'missing must_include',
  missing_must_ask: 'missing must_ask',
  missing_canonical_term: 'missing canonical',
};

/** Why a row fell back, in a few words: its first violation. */
function whyCell(e: EffectRow): HTMLTableCellElement {
  if (e.status !== 'fallback') return el('td', { class: 'muted', 'data-label': 'Why', text: '—' });
  const v = e.first_violation;
  if (!v) return el('td', { class: 'why', 'data-label': 'Why', text: e.candidate_count === 0 ? 'no candidate given' : 'fallback' });
  return el('td', { class: 'why', 'data-label': 'Why', 'data-code': v.code }, [
    `${VIOLATION_LABELS[v.code] ?? v.code} `,
    el('span', { class: 'term', text: `「${v.term}」` }),
    e.candidate_count > 1 ? el('span', { class: 'muted', text: ` (candidate ${v.candidate + 1} of ${e.candidate_count})` }) : null,
  ]);
}

/** `#/effects`: the reply effects, newest first, filtered by the address, with older pages on demand. */
export async function effectsView(params: URLSearchParams): Promise<void> {
  renderNav('Effects');
  const names = { status: 'status', kind: 'interaction_kind', since: 'since', until: 'until', text: 'text' };
  const table = el('tbody');
  const more = el('div');
  const form = filterForm('effects', params, [
    {
      name: 'status',
      label: 'Status',
      options: [
        ['', 'every status'],
        ['accepted', 'accepted'],
        ['fallback', 'fallback'],
      ],
    },
    { name: 'kind', label: 'Interaction kind', placeholder: 'e.g. ticket_inventory' },
    { name: 'since', label: 'From', type: 'datetime-local' },
    { name: 'until', label: 'Until', type: 'datetime-local' },
    { name: 'text', label: 'Text in reply or candidates', type: 'search' },
  ]);
  const load = async (cursor?: string | null): Promise<Listing<EffectRow>> => {
    const page = await api<Listing<EffectRow>>(`/v0/effects?${apiQuery(params, names, cursor)}`);
    for (const e of page.items) {
      const open = () => {
        location.hash = `#/effects/${e.id}`;
      };
      table.appendChild(
        el('tr', { 'data-effect-id': e.id, onclick: open }, [
          timeEl('td', { class: 'muted', 'data-label': 'When' }, e.created_at),
          el('td', { 'data-label': 'Status' }, [badge(e.status)]),
          el('td', { class: 'mono', 'data-label': 'Interaction', text: e.interaction_kind }),
          whyCell(e),
          el('td', { 'data-label': 'Body sent', text: e.body }),
        ]),
      );
    }
    const next = page.next_cursor;
    if (next) more.replaceChildren(el('button', { id: 'older', text: 'Older effects', onclick: () => void load(next).catch(showError) }));
    else more.replaceChildren();
    return page;
  };
  const page = await load();
  main.replaceChildren(
    el('div', { class: 'card' }, [
      el('div', { class: 'toolbar' }, [
        el('h2', { text: 'Reply effects' }),
        el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' }),
      ]),
      form,
      page.items.length === 0
        ? el('p', { class: 'muted', id: 'empty', text: 'No effects match: POST /v0/reply-contracts/verify makes one.' })
        : el('table', { id: 'effects' }, [
            el('thead', {}, [
              el('tr', {}, [
                el('th', { text: 'When' }),
                el('th', { text: 'Status' }),
                el('th', { text: 'Interaction' }),
                el('th', { text: 'Why it fell back' }),
                el('th', { text: 'Body sent' }),
              ]),
            ]),
            table,
          ]),
      more,
    ]),
  );
}

/** Splits text into plain and highlighted runs from [start, end) UTF-16 offsets; overlaps merge. */
function highlighted(text: string, matches: readonly ForbiddenMatch[]): HTMLDivElement {
  const cover: (string[] | undefined)[] = new Array(text.length);
  for (const m of matches) {
    for (let i = m.start; i < m.end && i < text.length; i++) (cover[i] ??= []).push(m.term);
  }
  const out = el('div', { class: 'text' });
  let i = 0;
  while (i < text.length) {
    let j = i + 1;
    const on = cover[i] !== undefined;
    while (j < text.length && (cover[j] !== undefined) === on) j++;
    const piece = text.slice(i, j);
    if (on) {
      const terms = [...new Set(cover.slice(i, j).flatMap((t) => t ?? []))];
      out.appendChild(el('mark', { class: 'forbidden', title: `forbidden: ${terms.join(', ')}`, 'data-terms': terms.join('\n'), text: piece }));
    } else out.appendChild(document.createTextNode(piece));
    i = j;
  }
  return out;
}

function termList(label: string, terms: readonly string[] | undefined, bad = false): HTMLElement | null {
  if (!terms || terms.length === 0) return null;
  return el('div', { class: 'termrow' }, [
    el('span', { class: 'muted', text: label }),
    el(
      'ul',
      { class: `terms${bad ? ' bad' : ''}`, 'data-list': label },
      terms.map((t) => el('li', { text: t })),
    ),
  ]);
}

/** `#/effects/{id}`: one effect, each candidate with its forbidden terms highlighted at their offsets. */
export async function effectView(id: string): Promise<void> {
  renderNav('Effects');
  const record = await api<EffectRecord>(`/v0/effects/${encodeURIComponent(id)}`);
  const e = record.effect;
  const roles = Object.entries(e.entity_roles ?? {})
    .map(([k, v]) => `${k} → ${v}`)
    .join(', ');
  const candidates = (e.candidates ?? []).map((v) => {
    const text = record.candidates[v.index] ?? '';
    const chosen = e.selected_candidate === v.index;
    const hints = v.normalization_hints ?? [];
    return el('div', { class: `candidate ${v.passed ? 'pass' : 'fail'}`, 'data-candidate': String(v.index) }, [
      el('div', {}, [
        el('strong', { text: `Candidate ${v.index + 1} ` }),
        badge(v.passed ? 'passed' : 'failed'),
        chosen ? el('span', { class: 'muted', text: '  selected' }) : null,
      ]),
      highlighted(text, v.forbidden_matches ?? []),
      termList('forbidden present', v.forbidden_terms_present, true),
      termList('disguises seen', v.disguises_seen, true),
      termList('missing must_include', v.missing_must_include),
      termList('missing must_ask', v.missing_must_ask),
      termList('missing canonical', v.missing_canonical_terms),
      hints.length ? el('p', { class: 'muted', text: `Would match after NFC normalization: ${hints.map((h) => `${h.term} (${h.list})`).join(', ')}` }) : null,
    ]);
  });
  main.replaceChildren(
    el('a', { class: 'back', href: backTo('effects'), text: '← effects' }),
    el('div', { class: 'card', id: 'effect' }, [
      el('h2', {}, [document.createTextNode('Effect '), el('span', { class: 'mono', text: `${e.id} ` }), badge(e.status)]),
      el('dl', { class: 'grid' }, [
        el('dt', { text: 'When' }),
        timeEl('dd', { id: 'effect-when' }, e.created_at),
        el('dt', { text: 'Trace' }),
        el('dd', { id: 'effect-trace' }, [traceLink(record.trace_id || e.trace_id)]),
        el('dt', { text: 'Interaction' }),
        el('dd', { class: 'mono', text: e.interaction_kind }),
        el('dt', { text: 'Authority' }),
        el('dd', { class: 'mono', text: e.authority_status }),
        el('dt', { text: 'Roles' }),
        el('dd', { class: 'mono', text: roles || '—' }),
        el('dt', { text: 'Selected' }),
        el('dd', { text: e.selected_candidate === null ? 'none: the approved fallback' : `candidate ${e.selected_candidate + 1}` }),
      ]),
      el('h3', { text: 'Body sent' }),
      el('div', { class: 'text', id: 'body-sent', text: e.body }),
      el('h3', { text: 'Candidates' }),
      candidates.length ? el('div', {}, candidates) : el('p', { class: 'muted', text: 'No candidates were given.' }),
      el('details', {}, [el('summary', { text: 'Contract' }), el('pre', { class: 'mono', text: JSON.stringify(record.contract, null, 2) })]),
    ]),
  );
}
