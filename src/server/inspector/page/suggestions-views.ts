import { api } from './api.js';
import { badge, el, section, timeEl, traceLink } from './dom.js';
import { apiQuery, filterForm } from './filters.js';
import { backTo, main, renderNav } from './shell.js';
import { modelCallBlock } from './turns-views.js';
import type { Listing, SuggestionRecord, SuggestionRow } from './wire.js';

const RESULT_TYPES = [
  ['', 'every result'],
  ['suggestions', 'suggestions'],
  ['clarification', 'clarification'],
  ['hold', 'hold'],
  ['close', 'close'],
] as const;

/** A result type's badge: a result with suggestions shows as accepted. */
function resultBadge(resultType: string): HTMLSpanElement {
  return badge(resultType === 'suggestions' ? 'accepted' : resultType);
}

/** `#/suggestions`: the newest suggestion results, filtered by the address. */
export async function suggestionsView(params: URLSearchParams): Promise<void> {
  renderNav('Suggestions');
  const names = { type: 'result_type', match: 'match_id', since: 'since', until: 'until' };
  const form = filterForm('suggestions', params, [
    { name: 'type', label: 'Result', options: RESULT_TYPES },
    { name: 'match', label: 'Match id' },
    { name: 'since', label: 'From', type: 'datetime-local' },
    { name: 'until', label: 'Until', type: 'datetime-local' },
  ]);
  const page = await api<Listing<SuggestionRow>>(`/v0/suggestions?${apiQuery(params, names, null, 100)}`);
  const rows = page.items.map((s) => {
    const open = () => {
      location.hash = `#/suggestions/${encodeURIComponent(s.id)}`;
    };
    return el('tr', { 'data-suggestion-id': s.id, onclick: open }, [
      timeEl('td', { class: 'muted', 'data-label': 'When' }, s.created_at),
      el('td', { 'data-label': 'Result' }, [
        resultBadge(s.result_type),
        s.suggestion_count ? el('span', { class: 'muted', text: ` ${s.suggestion_count}` }) : null,
      ]),
      el('td', { class: 'mono', 'data-label': 'Match', text: s.match_id }),
      el('td', { 'data-label': 'Why', text: s.question ? `${s.analysis_summary} — asks: ${s.question}` : s.analysis_summary }),
    ]);
  });
  main.replaceChildren(
    el('div', { class: 'card' }, [
      el('div', { class: 'toolbar' }, [
        el('h2', { text: 'Suggestion results' }),
        el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' }),
      ]),
      form,
      rows.length === 0
        ? el('p', { class: 'muted', id: 'empty', text: 'No suggestion results match: POST /v0/suggestions makes one.' })
        : el('table', { id: 'suggestions' }, [
            el('thead', {}, [
              el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Result' }), el('th', { text: 'Match' }), el('th', { text: 'Summary' })]),
            ]),
            el('tbody', {}, rows),
          ]),
    ]),
  );
}

/** `#/suggestions/{id}`: one result, its suggestions, and the gates, audits and model calls behind it. */
export async function suggestionView(id: string): Promise<void> {
  renderNav('Suggestions');
  const record = await api<SuggestionRecord>(`/v0/suggestions/${encodeURIComponent(id)}`);
  const r = record.result;
  const ev = record.evidence ?? {};
  main.replaceChildren(
    el('a', { class: 'back', href: backTo('suggestions'), text: '← suggestion results' }),
    el('div', { class: 'card', id: 'suggestion' }, [
      el('h2', {}, [document.createTextNode('Suggestion result '), el('span', { class: 'mono', text: `${record.id} ` }), resultBadge(r.resultType)]),
      el('dl', { class: 'grid' }, [
        el('dt', { text: 'Trace' }),
        el('dd', { id: 'suggestion-trace' }, [traceLink(record.trace_id)]),
        el('dt', { text: 'Match' }),
        el('dd', { class: 'mono', text: ev.match_id || '' }),
        el('dt', { text: 'Result' }),
        el('dd', { class: 'mono', id: 'result-type', text: r.resultType }),
        el('dt', { text: 'Summary' }),
        el('dd', { id: 'analysis-summary', text: r.analysisSummary }),
        r.question ? el('dt', { text: 'Question' }) : null,
        r.question ? el('dd', { text: r.question }) : null,
        ev.needs_model ? el('dt', { text: 'Model' }) : null,
        ev.needs_model ? el('dd', { text: 'none configured: generation needs one' }) : null,
      ]),
      section(
        'Suggestions',
        (r.suggestions ?? []).map((x) =>
          el('div', { class: 'block' }, [el('div', { class: 'text', text: x.text }), el('div', { class: 'muted', text: x.rationale })]),
        ),
      ),
      section(
        'Gates',
        (ev.gates ?? []).map((g) =>
          el('div', { class: 'block', 'data-gate': g.gate }, [
            el('strong', { class: 'mono', text: `${g.gate} ` }),
            badge(g.decision === 'pass' ? 'passed' : g.decision === 'stop' ? 'refused' : g.decision),
            el('span', { class: 'muted mono', text: ` ${g.reason}` }),
          ]),
        ),
      ),
      section(
        'Audits',
        (ev.audits ?? []).map((a) =>
          el('div', { class: 'block' }, [
            el('strong', { class: 'mono', text: `${a.audit} ` }),
            badge(a.passed ? 'passed' : 'failed'),
            el('span', { class: 'muted', text: a.candidate === null ? ' whole result' : ` candidate ${a.candidate + 1}, round ${a.round}` }),
            a.findings.length
              ? el(
                  'ul',
                  { class: 'terms bad' },
                  a.findings.map((f) => el('li', { text: `${f.code}: ${f.detail}` })),
                )
              : null,
          ]),
        ),
      ),
      section('Model calls', (ev.calls ?? []).map(modelCallBlock)),
      el('details', {}, [el('summary', { text: 'Evidence' }), el('pre', { class: 'mono', text: JSON.stringify(ev, null, 2) })]),
    ]),
  );
}
