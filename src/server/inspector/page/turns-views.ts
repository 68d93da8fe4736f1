import { api } from './api.js';
import { badge, el, keyValues, section, timeEl, traceLink } from './dom.js';
import { apiQuery, filterForm } from './filters.js';
import { backTo, main, renderNav } from './shell.js';
import type { Listing, ModelCall, TurnBlock, TurnRecord, TurnRow } from './wire.js';

/** `#/turns`: the newest turns, filtered by the address. */
export async function turnsView(params: URLSearchParams): Promise<void> {
  renderNav('Turns');
  const names = { conversation: 'conversation_id', fallback: 'fallback', model_failure: 'model_failure', text: 'text', since: 'since', until: 'until' };
  const form = filterForm('turns', params, [
    {
      name: 'fallback',
      label: 'Reply',
      options: [
        ['', 'every reply'],
        ['true', "fell back to code's words"],
        ['false', 'no fallback'],
      ],
    },
    {
      name: 'model_failure',
      label: 'Model',
      options: [
        ['', 'every turn'],
        ['true', 'a model call failed'],
        ['false', 'no model failure'],
      ],
    },
    { name: 'text', label: 'Text in message or reply', type: 'search' },
    { name: 'conversation', label: 'Conversation id' },
    { name: 'since', label: 'From', type: 'datetime-local' },
    { name: 'until', label: 'Until', type: 'datetime-local' },
  ]);
  const page = await api<Listing<TurnRow>>(`/v0/turns?${apiQuery(params, names, null, 100)}`);
  const rows = page.items.map((t) => {
    const open = () => {
      location.hash = `#/turns/${encodeURIComponent(t.id)}`;
    };
    return el('tr', { 'data-turn-id': t.id, onclick: open }, [
      timeEl('td', { class: 'muted', 'data-label': 'When' }, t.created_at),
      el('td', { class: 'mono', 'data-label': 'Turn', text: t.id }),
      el('td', { class: 'mono', 'data-label': 'Conversation', text: t.conversation_id || '' }),
      el('td', { 'data-label': 'Flags', class: 'flags' }, [
        t.fallback_reason ? el('span', { class: 'badge fallback', 'data-flag': 'fallback', title: t.fallback_reason, text: 'fallback' }) : null,
        t.model_failure ? el('span', { class: 'badge failed', 'data-flag': 'model_failure', text: 'model failed' }) : null,
      ]),
      el('td', { 'data-label': 'Reply', text: t.reply || '' }),
    ]);
  });
  main.replaceChildren(
    el('div', { class: 'card' }, [
      el('div', { class: 'toolbar' }, [
        el('h2', { text: 'Turns' }),
        el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' }),
      ]),
      form,
      rows.length === 0
        ? el('p', { class: 'muted', id: 'empty', text: 'No turns match.' })
        : el('table', { id: 'turns' }, [
            el('thead', {}, [
              el('tr', {}, [
                el('th', { text: 'When' }),
                el('th', { text: 'Turn' }),
                el('th', { text: 'Conversation' }),
                el('th', { text: 'Flags' }),
                el('th', { text: 'Reply' }),
              ]),
            ]),
            el('tbody', {}, rows),
          ]),
    ]),
  );
}

/** A model call: its task and outcome, then every other field it recorded. */
export function modelCallBlock(call: ModelCall): HTMLElement {
  return el('div', { class: 'block' }, [
    el('div', {}, [el('strong', { class: 'mono', text: `${call.task} ` }), badge(call.outcome === 'ok' ? 'passed' : call.outcome)]),
    keyValues(call, ['task', 'outcome']),
  ]);
}

function answerBlock(b: TurnBlock): HTMLElement {
  const basis = b.basis ? b.basis.source + (b.basis.record_ids?.length ? ` (${b.basis.record_ids.join(', ')})` : '') : '—';
  return el('div', { class: 'block', 'data-block': b.id }, [
    el('div', {}, [el('strong', { text: `${b.question} ` }), badge(b.status ?? '')]),
    b.text ? el('div', { text: b.text }) : null,
    el('div', { class: 'muted', text: `basis: ${basis}${b.written_by ? ` · written by ${b.written_by}` : ''}` }),
  ]);
}

/** `#/turns/{id}`: one turn's reply, blocks, model calls and input. */
export async function turnView(id: string): Promise<void> {
  renderNav('Turns');
  const record = await api<TurnRecord>(`/v0/turns/${encodeURIComponent(id)}`);
  const r = record.result;
  const input = record.input ?? {};
  if (!r) {
    main.replaceChildren(el('div', { class: 'card', text: `Turn ${record.id} is committed but not composed yet.` }));
    return;
  }
  const blocks = r.blocks ?? [];
  const of = (kind: string) => blocks.filter((b) => b.kind === kind);
  const transition: TurnBlock = of('transition')[0] ?? { kind: 'transition' };
  const calls = r.evidence?.model_calls ?? [];
  main.replaceChildren(
    el('a', { class: 'back', href: backTo('turns'), text: '← turns' }),
    el('div', { class: 'card', id: 'turn' }, [
      el('h2', {}, [document.createTextNode('Turn '), el('span', { class: 'mono', text: record.id })]),
      el('dl', { class: 'grid' }, [
        el('dt', { text: 'When' }),
        timeEl('dd', { id: 'turn-when' }, record.created_at),
        el('dt', { text: 'Trace' }),
        el('dd', { id: 'turn-trace' }, [traceLink(record.trace_id)]),
        el('dt', { text: 'Conversation' }),
        el('dd', { class: 'mono', text: record.conversation_id }),
        el('dt', { text: 'Locale' }),
        el('dd', { class: 'mono', text: r.locale || '' }),
        el('dt', { text: 'Events committed' }),
        el('dd', { text: String(r.evidence ? r.evidence.events_committed : 0) }),
      ]),
      input.message ? section('Message', [el('div', { class: 'text', text: input.message })]) : null,
      el('h3', { text: 'Final reply' }),
      el('div', { class: 'text', id: 'final-reply', text: transition.text || '' }),
      el('p', {
        class: 'muted',
        text: `written by ${transition.written_by || '?'}${transition.fallback_reason ? ` — fallback: ${transition.fallback_reason}` : ''}`,
      }),
      section(
        'Receipts',
        of('receipt').map((b) =>
          el('div', { class: 'block', 'data-block': b.id }, [
            el('strong', { text: b.title }),
            el('div', { text: b.body }),
            el('div', { class: 'muted mono', text: `${b.record_id} rev ${b.revision} · ${b.event_type}` }),
          ]),
        ),
      ),
      section(
        'Notices',
        of('notice').map((b) =>
          el('div', { class: 'block', 'data-block': b.id }, [el('span', { class: 'badge other', text: b.code }), document.createTextNode(` ${b.text}`)]),
        ),
      ),
      section('Answers', of('answer').map(answerBlock)),
      section(
        'Ask',
        r.ask
          ? [el('div', { class: 'block', id: 'ask' }, [el('span', { class: 'badge other', text: r.ask.kind }), document.createTextNode(` ${r.ask.text}`)])]
          : [],
      ),
      section(
        'Card',
        of('card').map((b) =>
          el('div', { class: 'block' }, [
            el('strong', { text: b.title }),
            el('div', { class: 'muted', text: (b.buttons ?? []).map((x) => x.label).join(' · ') }),
          ]),
        ),
      ),
      section('Model calls', calls.map(modelCallBlock)),
      r.evidence?.understanding_failure ? section('Understanding failed', [el('div', { class: 'error', text: r.evidence.understanding_failure })]) : null,
      el('details', {}, [el('summary', { text: 'Input' }), el('pre', { class: 'mono', text: JSON.stringify(input, null, 2) })]),
    ]),
  );
}
