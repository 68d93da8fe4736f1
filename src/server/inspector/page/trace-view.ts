import { api } from './api.js';
import { el, section, when } from './dom.js';
import { main, renderNav, turnsAvailable } from './shell.js';
import type { Listing, Traced } from './wire.js';

/**
 * `#/trace/{id}`: everything one trace touched: the effects, turns and suggestion results whose
 * stored trace id is traceId (a host that sends one traceparent for its whole request finds its
 * verification beside its turn here). The lists have no trace filter, so this reads each one's
 * newest 200 records and says so.
 */
export async function traceView(traceId: string): Promise<void> {
  renderNav('');
  type Row = Traced & { status?: string; result_type?: string };
  const none: Listing<Row> = { items: [] };
  const [effectPage, turnPage, suggestionPage] = await Promise.all([
    api<Listing<Row>>('/v0/effects?limit=200'),
    turnsAvailable ? api<Listing<Row>>('/v0/turns?limit=200') : Promise.resolve(none),
    api<Listing<Row>>('/v0/suggestions?limit=200'),
  ]);
  const of = (page: Listing<Row>) => page.items.filter((x) => x.trace_id === traceId);
  const effects = of(effectPage);
  const turns = of(turnPage);
  const suggestions = of(suggestionPage);
  const link = (href: string, at: string, label: string, id: string) =>
    el('div', { class: 'block', 'data-trace-item': id }, [
      el('a', { href, class: 'mono', text: label }),
      document.createTextNode(' '),
      el('span', { class: 'muted' }, [el('time', { datetime: at, title: at, text: when(at) })]),
    ]);
  main.replaceChildren(
    el('div', { class: 'card', id: 'trace' }, [
      el('h2', {}, [document.createTextNode('Trace '), el('span', { class: 'mono', text: traceId })]),
      el('p', { class: 'muted', text: 'The records this trace left, among the newest 200 effects, turns and suggestion results.' }),
      section(
        'Effects',
        effects.map((e) => link(`#/effects/${encodeURIComponent(e.id)}`, e.created_at, `${e.id} ${e.status}`, e.id)),
      ),
      section(
        'Turns',
        turns.map((t) => link(`#/turns/${encodeURIComponent(t.id)}`, t.created_at, t.id, t.id)),
      ),
      section(
        'Suggestions',
        suggestions.map((x) => link(`#/suggestions/${encodeURIComponent(x.id)}`, x.created_at, `${x.id} ${x.result_type}`, x.id)),
      ),
      effects.length + turns.length + suggestions.length === 0 ? el('p', { id: 'empty', text: 'No record of this trace among the newest ones.' }) : null,
    ]),
  );
}
