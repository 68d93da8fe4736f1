import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow, type TripState } from '../../examples/trip/index.js';
import { InputError } from '../errors.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { TurnProgressEvent } from './turn-progress.js';
import { transitionOf, type AnswerBlock, type TurnResult } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';
import type { WorkflowDefinition } from './workflow.js';
import { emptyUnderstanding, parseTurnInput, type TurnInputJson } from './turn-input.js';
import type { Understand } from './understand.js';
import type { AcknowledgeRequest, AnswerRequest, KnowledgeSource, TurnWriter } from './writer.js';

const start = (record: string) => ({ operation: 'start_trip', workflow: 'trip', record, values: { destination: 'Oslo' } });
const traveler = (record: string, name = 'Ada') => ({ operation: 'add_traveler', record, values: { name } });
/** A turn input in conversation `c`, in English unless `locale` says otherwise. */
const turn = (turnId: string, understanding: Record<string, unknown>, locale = 'en') => ({ turn_id: turnId, conversation_id: 'c', locale, understanding });

describe.each(storeTargets())('turn runtime on $name', (target) => {
  let db: Database;
  let tenant = 0;
  /** A runtime on its own tenant, so tests never see each other's records or turns. */
  const runtimeFor = (options: Partial<Parameters<typeof createTurnRuntime>[0]> = {}) =>
    createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: `t${++tenant}`, ...options });
  const count = async (table: string, tenantId: string) =>
    (await db.query<{ n: number }>(`select count(*)::int8 as n from ${table} where tenant_id = $1`, [tenantId]))[0]!.n;

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('W1: a failed command beside a successful one renders a receipt for the success alone', async () => {
    const runtime = runtimeFor();
    const result = await runtime.run(
      parseTurnInput(turn('w1', { acts: [start('r'), { operation: 'remove_traveler', record: 'r', values: { name: 'Zed' } }] })),
    );
    expect(result.blocks.filter((b) => b.kind === 'receipt').map((b) => b.id)).toEqual(['receipt:r:1']);
    expect(result.outcome.notDone).toEqual([{ code: 'refused', text: 'Zed is not traveling on this trip, so there is no one to remove.', recordId: 'r' }]);
    expect(result.evidence.eventsCommitted).toBe(1);
  });

  it('a refusal is said in the domain’s own sentence in the turn’s language', async () => {
    const runtime = runtimeFor();
    const result = await runtime.run(
      parseTurnInput(turn('it', { acts: [start('r'), { operation: 'set_payer', record: 'r', values: { extra: 'taxi', payer: 'company' } }] }, 'it-IT')),
    );
    expect(result.locale).toBe('it-IT');
    expect(result.outcome.notDone[0]?.text).toBe('Questo viaggio non ha nessun extra chiamato «taxi».');
  });

  it('unknown records, unknown operations, invalid values and no-op acts become not-done entries', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    const result = await runtime.run(
      parseTurnInput(
        turn('b', {
          acts: [
            traveler('nope'),
            { operation: 'teleport', record: 'r', values: {} },
            { operation: 'set_payer', record: 'r', values: { extra: 'hotel', payer: 'the moon' } },
            traveler('r'),
          ],
        }),
      ),
    );
    expect(result.outcome.notDone.map((n) => [n.code, n.text])).toEqual([
      ['unknown_record', 'Could not add a traveler: there is no trip “nope”.'],
      ['unknown_operation', '“teleport” is not something I can do on a trip.'],
      ['invalid_values', 'Could not choose who pays for an extra: the value given for payer was not accepted.'],
      ['unchanged', 'Nothing to add a traveler on trip “r”: it was already that way.'],
    ]);
    expect(result.blocks.filter((b) => b.kind === 'receipt')).toEqual([]);
  });

  it('W3: every question gets exactly one answer block with a basis and a status', async () => {
    const runtime = runtimeFor();
    const result = await runtime.run(
      parseTurnInput(
        turn('q', {
          acts: [start('r')],
          questions: [
            { text: 'What can you do?', kind: 'capability' },
            { text: 'Where are we?', kind: 'status', records: ['r'] },
            { text: 'Is Oslo cold?', kind: 'other' },
          ],
        }),
      ),
    );
    const answers = result.blocks.filter((b): b is AnswerBlock => b.kind === 'answer');
    expect(answers.map((a) => [a.id, a.status, a.basis.source, a.writtenBy])).toEqual([
      ['answer:0', 'answered', 'operations', 'code'],
      ['answer:1', 'answered', 'record', 'code'],
      ['answer:2', 'not_written', 'none', null],
    ]);
    // The reply ends on the ask (who is traveling): the status line leaves that need to it.
    expect(answers[1]?.text).toBe('Trip “r” still needs something:');
    expect(transitionOf(result).text.split('\n').at(-1)).toBe('Who is traveling?');
  });

  it('a turn that only answers questions replies with the answers alone', async () => {
    const runtime = runtimeFor();
    const result = await runtime.run(parseTurnInput(turn('only', { questions: [{ text: 'What can you do?', kind: 'capability' }] })));
    expect(transitionOf(result).text).toBe(
      'On a trip I can start a trip, add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.',
    );
    expect(result.ask).toBeNull();
  });

  it('each thing said once: an answers-only turn with a card on screen replies with the answer, not the card again', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    const result = await runtime.run(parseTurnInput(turn('b', { questions: [{ text: 'Where are we?', kind: 'status', records: ['r'] }] })));
    expect(result.outcome.card).toMatchObject({ card: 'confirm_trip' });
    expect(transitionOf(result).text).toBe('Trip “r” has everything it needs.');
  });

  it('each thing said once, ending on the ask: a status answer leaves the ask’s need to the ask that closes the reply', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r')] })));
    const result = await runtime.run(parseTurnInput(turn('b', { questions: [{ text: 'Where are we?', kind: 'status', records: ['r'] }] })));
    expect(result.ask).toMatchObject({ kind: 'obligation', text: 'Who is traveling?' });
    expect(transitionOf(result).text).toBe('Trip “r” still needs something:\nWho is traveling?');
  });

  it('the reply says the answers before the notices (answers come first)', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r')] })));
    const result = await runtime.run(
      parseTurnInput(turn('b', { acts: [traveler('nope')], questions: [{ text: 'What can you do?', kind: 'capability', records: ['r'] }] })),
    );
    const lines = transitionOf(result).text.split('\n');
    const answerAt = lines.findIndex((l) => l.startsWith('On a trip I can'));
    const noticeAt = lines.indexOf('Could not add a traveler: there is no trip “nope”.');
    expect(answerAt).toBeGreaterThanOrEqual(0);
    expect(noticeAt).toBeGreaterThan(answerAt);
  });

  it('a declined card is not done, and the card leaves the screen', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    const result = await runtime.run(parseTurnInput(turn('b', { card_responses: [{ record: 'r', card: 'confirm_trip', response: 'declined' }] })));
    expect(result.outcome.notDone).toEqual([{ code: 'card_declined', text: 'You declined “Confirm this trip”, so nothing was confirmed.', recordId: 'r' }]);
    expect(result.outcome.card).toBeNull();
  });

  it('W5: progress streams phases, then the reply exactly once, last, after the commit', async () => {
    const runtime = runtimeFor();
    const run = runtime.submit(parseTurnInput(turn('p', { acts: [start('r')] })));
    const events: TurnProgressEvent[] = [];
    for await (const event of run.progress) events.push(event);
    const result = await run.result;
    expect(events.filter((e) => e.kind === 'phase').map((e) => (e.kind === 'phase' ? e.phase : ''))).toEqual(['acting', 'committing', 'guarding', 'done']);
    expect(events.filter((e) => e.kind === 'reply')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ kind: 'reply', result });
  });

  it('W6: the result is persisted with the turn as snake_case JSON before it is returned', async () => {
    const runtime = runtimeFor();
    const result = await runtime.run(parseTurnInput(turn('j', { acts: [start('r')] })));
    const [row] = await db.query<{ result: Record<string, unknown> }>('select result from turns where id = $1 and tenant_id = $2', ['j', `t${tenant}`]);
    expect(row?.result).toMatchObject({
      turn_id: 'j',
      conversation_id: 'c',
      about_record: 'r',
      blocks: [
        { kind: 'receipt', id: 'receipt:r:1', record_id: 'r', event_type: 'trip_started' },
        { kind: 'transition', written_by: 'code' },
      ],
    });
    expect(result.blocks[0]).toMatchObject({ recordId: 'r' });
  });

  it('a retried turn id returns the committed turn and writes nothing', async () => {
    const runtime = runtimeFor();
    const input = turn('again', { acts: [start('r'), traveler('r')] });
    const first = await runtime.run(parseTurnInput(input));
    const second = await runtime.run(parseTurnInput({ ...input, understanding: { acts: [traveler('r', 'Someone else')] } }));
    expect(second).toEqual(first);
    expect(await count('turn_events', `t${tenant}`)).toBe(2);
    expect(await count('turns', `t${tenant}`)).toBe(1);
  });

  it('50 concurrent submissions of one turn id commit once and return identical results', async () => {
    const runtime = runtimeFor();
    const input = turn('burst', { acts: [start('r'), traveler('r')] });
    const results = await Promise.all(Array.from({ length: 50 }, () => runtime.run(parseTurnInput(input))));
    for (const r of results) expect(r).toEqual(results[0]);
    expect(await count('turn_events', `t${tenant}`)).toBe(2);
    expect(await count('turns', `t${tenant}`)).toBe(1);
  });

  it('external submission status: requested is not done; the host’s report commits an event, and only accepted is a receipt', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    await runtime.run(parseTurnInput(turn('b', { card_responses: [{ record: 'r', card: 'confirm_trip', response: 'pressed', button: 'confirm' }] })));
    const requested = await runtime.run(parseTurnInput(turn('c', { acts: [{ operation: 'book_hotel', record: 'r', values: {} }] })));
    expect(requested.outcome.done.map((d) => d.title)).toEqual(['Hotel booking requested']);
    expect(requested.outcome.notDone).toEqual([
      { code: 'submission_pending', text: 'Still waiting for an answer on the hotel booking: it is not done yet.', recordId: 'r' },
    ]);
    const report = (id: string, status: 'pending' | 'accepted' | 'refused', reason?: string) =>
      runtime.run(
        parseTurnInput({
          turn_id: id,
          conversation_id: 'c',
          locale: 'en',
          submissions: [{ record: 'r', submission: 'hotel_booking', status, ...(reason ? { reason } : {}) }],
        }),
      );
    const refused = await report('d', 'refused', 'fully booked');
    expect(refused.outcome.done).toEqual([]);
    expect(refused.outcome.notDone.map((n) => n.text)).toEqual(['The answer on the hotel booking was no: it was not done (fully booked).']);
    expect(refused.evidence.eventsCommitted).toBe(1);
    await runtime.run(parseTurnInput(turn('e', { acts: [{ operation: 'book_hotel', record: 'r', values: {} }] })));
    const accepted = await report('f', 'accepted');
    expect(accepted.outcome.done).toEqual([
      { receiptId: 'receipt:r:7', title: 'Answer received', body: 'The answer on the hotel booking was yes: it is done.' },
    ]);
    const events = await db.query<{ type: string; payload: Record<string, unknown> }>(
      'select type, payload from turn_events where tenant_id = $1 and record_id = $2 order by revision',
      [`t${tenant}`, 'r'],
    );
    expect(events.map((e) => e.type)).toEqual([
      'trip_started',
      'traveler_added',
      'trip_confirmed',
      'hotel_booking_requested',
      'submission_updated',
      'hotel_booking_requested',
      'submission_updated',
    ]);
    expect(events[4]?.payload).toEqual({ submission: 'hotel_booking', status: 'refused', reason: 'fully booked' });
  });

  it('the right notice: starting a record that already exists says it exists, not that someone changed it', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('first', { acts: [start('r')] })));
    const again = await runtime.run(parseTurnInput(turn('again', { acts: [start('r')] })));
    expect(again.outcome.notDone).toEqual([{ code: 'already_exists', text: 'Could not start a trip: there is already a trip “r”.', recordId: 'r' }]);
    const twice = await runtime.run(parseTurnInput(turn('twice', { acts: [start('s'), start('s')] }, 'it-IT')));
    expect(twice.outcome.notDone).toEqual([{ code: 'already_exists', text: 'Non ho potuto iniziare un viaggio: esiste già un viaggio «s».', recordId: 's' }]);
    expect(twice.outcome.done.map((d) => d.title)).toEqual(['Viaggio iniziato']);
  });

  it('the right notice: two turns racing to start one record: one commits, the other is told why it did not', async () => {
    const runtime = runtimeFor();
    const [a, b] = await Promise.all(
      ['x', 'y'].map((n) =>
        runtime.run(parseTurnInput({ turn_id: `create-${n}`, conversation_id: `c-${n}`, locale: 'en', understanding: { acts: [start('r')] } })),
      ),
    );
    const codes = [a!, b!].map((r) => r.outcome.notDone.map((d) => d.code).join(',')).sort();
    // Which notice the loser gets depends on timing: `conflict` when both read before either
    // committed (a real race at the commit), `already_exists` when the winner committed first.
    expect(codes[0]).toBe('');
    expect(['conflict', 'already_exists']).toContain(codes[1]);
    expect(await count('turn_events', `t${tenant}`)).toBe(1);
  });

  it('two turns racing on one record: one commits, the other is refused with a notice, no event lost or doubled', async () => {
    const tenantId = `race-${++tenant}`;
    await createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId }).run(parseTurnInput(turn('setup', { acts: [start('r')] })));
    // Both turns read the record before either commits: each commit waits until both are ready.
    let ready: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (ready = resolve));
    let waiting = 0;
    const racing: Database = {
      kind: db.kind,
      query: db.query.bind(db),
      close: () => db.close(),
      transaction: async (work) => {
        if (++waiting === 2) ready();
        await bothRead;
        return db.transaction(work);
      },
    };
    const runtime = createTurnRuntime({ db: racing, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId });
    const [a, b] = await Promise.all(
      ['Ada', 'Bo'].map((name) =>
        runtime.run(parseTurnInput({ turn_id: `race-${name}`, conversation_id: `c-${name}`, locale: 'en', understanding: { acts: [traveler('r', name)] } })),
      ),
    );
    const outcomes = [a!, b!].map((r) => ({ receipts: r.outcome.done.length, conflicts: r.outcome.notDone.filter((n) => n.code === 'conflict').length }));
    expect(outcomes.sort((x, y) => x.receipts - y.receipts)).toEqual([
      { receipts: 0, conflicts: 1 },
      { receipts: 1, conflicts: 0 },
    ]);
    const loser = [a!, b!].find((r) => r.outcome.done.length === 0)!;
    expect(loser.outcome.notDone[0]?.text).toMatch(/^Could not add a traveler: trip “r” was changed at the same moment by someone else/);
    const events = await db.query<{ revision: number; type: string }>('select revision, type from turn_events where tenant_id = $1 order by revision', [
      tenantId,
    ]);
    expect(events.map((e) => [e.revision, e.type])).toEqual([
      [1, 'trip_started'],
      [2, 'traveler_added'],
    ]);
    const [record] = await db.query<{ revision: number; state: TripState }>('select revision, state from turn_records where tenant_id = $1', [tenantId]);
    expect(record?.revision).toBe(2);
    expect(record?.state.travelers).toHaveLength(1);
  });

  it('with code’s own words, the turn is composed inside its commit: its result is written with it, and a composition that fails writes nothing', async () => {
    const tenantId = `inside-${++tenant}`;
    const result = await createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId }).run(
      parseTurnInput(turn('i', { acts: [start('r')] })),
    );
    const [row] = await db.query<{ result: unknown; same: boolean }>(
      'select result, composed_at is not null and composed_at = committed_at as same from turns where tenant_id = $1',
      [tenantId],
    );
    expect(row?.result).not.toBeNull();
    expect(row?.same).toBe(true); // one transaction: now() is the same instant for both
    expect(transitionOf(result)?.writtenBy).toBe('code');

    const failing: WorkflowDefinition = {
      ...tripWorkflow,
      receipts: {
        ...tripWorkflow.receipts,
        trip_started: {
          en: () => {
            throw new Error('composition failed');
          },
          it: tripWorkflow.receipts.trip_started!.it!,
        },
      },
    };
    const refused = `inside-${++tenant}`;
    await expect(
      createTurnRuntime({ db, workflows: [failing], locales: ['en', 'it'], tenantId: refused }).run(parseTurnInput(turn('f', { acts: [start('r')] }))),
    ).rejects.toThrow('composition failed');
    expect([await count('turns', refused), await count('turn_records', refused), await count('turn_events', refused)]).toEqual([0, 0, 0]);
  });

  it('a process killed between commit and composition: the same turn id composes from the committed events and commits nothing new', async () => {
    let crash = true;
    const crashing: WorkflowDefinition = {
      ...tripWorkflow,
      receipts: {
        ...tripWorkflow.receipts,
        trip_started: {
          en: (p) => {
            if (crash) throw new Error('process died while composing');
            return tripWorkflow.receipts.trip_started!.en!(p);
          },
          it: tripWorkflow.receipts.trip_started!.it!,
        },
      },
    };
    const tenantId = `crash-${++tenant}`;
    // A knowledge source is a call out, so composing waits for the commit (without one, code
    // composes inside the commit: see the next test).
    const knowledge: KnowledgeSource = { lookup: async () => ({ status: 'none', passages: [] }) };
    const input = turn('k', { acts: [start('r'), traveler('r')] });
    await expect(createTurnRuntime({ db, workflows: [crashing], locales: ['en', 'it'], tenantId, knowledge }).run(parseTurnInput(input))).rejects.toThrow(
      'process died while composing',
    );
    expect(await count('turn_events', tenantId)).toBe(2);
    const [pending] = await db.query<{ result: unknown }>('select result from turns where tenant_id = $1', [tenantId]);
    expect(pending?.result).toBeNull();

    crash = false;
    const restarted = createTurnRuntime({ db, workflows: [crashing], locales: ['en', 'it'], tenantId, knowledge });
    const result = await restarted.run(parseTurnInput({ ...input, understanding: { acts: [traveler('r', 'Not again')] } }));
    expect(result.outcome.done.map((d) => d.receiptId)).toEqual(['receipt:r:1', 'receipt:r:2']);
    expect(await count('turn_events', tenantId)).toBe(2);
    expect(await count('turns', tenantId)).toBe(1);
  });

  it.each([
    ['no turn id', { conversation_id: 'c', locale: 'en', understanding: {} }, '$.turn_id'],
    ['an empty turn id', { turn_id: ' ', conversation_id: 'c', locale: 'en', understanding: {} }, '$.turn_id'],
    ['a locale that is not a tag', { turn_id: 'x', conversation_id: 'c', locale: 'English please', understanding: {} }, '$.locale'],
    ['an unknown top-level key', { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: {}, mesage: 'hi' }, '$.mesage'],
    ['neither message nor understanding', { turn_id: 'x', conversation_id: 'c', locale: 'en' }, '$.understanding'],
    [
      'an act with no operation',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { acts: [{ record: 'r' }] } },
      '$.understanding.acts[0].operation',
    ],
    [
      'an act with neither record nor workflow',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { acts: [{ operation: 'confirm' }] } },
      '$.understanding.acts[0].record',
    ],
    [
      'values that are not an object',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { acts: [{ operation: 'confirm', record: 'r', values: [1] }] } },
      '$.understanding.acts[0].values',
    ],
    [
      'a question of an unknown kind',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { questions: [{ text: 'why?', kind: 'why' }] } },
      '$.understanding.questions[0].kind',
    ],
    [
      'a field-values question with no field',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { questions: [{ text: 'who?', kind: 'field_values' }] } },
      '$.understanding.questions[0].field',
    ],
    [
      'a pressed card with no button',
      { turn_id: 'x', conversation_id: 'c', locale: 'en', understanding: { card_responses: [{ record: 'r', card: 'k', response: 'pressed' }] } },
      '$.understanding.card_responses[0].button',
    ],
    [
      'an attachment with a misspelt key',
      {
        turn_id: 'x',
        conversation_id: 'c',
        locale: 'en',
        understanding: { attachments: [{ name: 'a.pdf', media_type: 'application/pdf', model_may_see: true }] },
      },
      '$.understanding.attachments[0].model_may_see',
    ],
    ['a message with no understanding and no understand function', { turn_id: 'x', conversation_id: 'c', locale: 'en', message: 'hi' }, '$.understanding'],
  ])('W9: a turn input with %s is refused at its path and writes nothing', async (_name, input, path) => {
    const runtime = runtimeFor();
    // Decoded at the edge, as the sidecar, the CLI and the replayers do.
    const error = await Promise.resolve(input)
      .then((json) => runtime.run(parseTurnInput(json)))
      .catch((e: unknown) => e);
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as InputError).issues.map((i) => i.path)).toContain(path);
    expect(await count('turns', `t${tenant}`)).toBe(0);
    expect(await count('turn_events', `t${tenant}`)).toBe(0);
  });

  it('W9: run takes the camelCase input, holds it to the wire rules, and stores its wire form', async () => {
    const runtime = runtimeFor();
    const input = { ...parseTurnInput(turn('camel', { acts: [start('r')] })), tone: '  warm  ' };
    const error = await runtime.run({ ...input, turnId: '', locale: 'English please' }).catch((e: unknown) => e);
    expect(InputError.isInstance(error)).toBe(true);
    expect([...new Set((error as InputError).issues.map((i) => i.path))].sort()).toEqual(['$.locale', '$.turn_id']);
    expect(await count('turns', `t${tenant}`)).toBe(0);

    const result = await runtime.run(input);
    expect(result.turnId).toBe('camel');
    const [row] = await db.query<{ input: unknown }>('select input from turns where tenant_id = $1', [`t${tenant}`]);
    expect(row?.input).toEqual({
      turn_id: 'camel',
      conversation_id: 'c',
      locale: 'en',
      tone: 'warm',
      understanding: {
        acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' }, answers_ask: false }],
        questions: [],
        disputes: [],
        card_responses: [],
        attachments: [],
        unread: [],
      },
      submissions: [],
    });
  });

  describe('with an understand function', () => {
    it('reads the message into an understanding, streaming each step as progress', async () => {
      const understand: Understand = async (request) => {
        request.reportStep('read an act: start a trip to Oslo');
        expect(request.operations.map((o) => o.operation)).toContain('start_trip');
        return {
          ok: true,
          understanding: { ...emptyUnderstanding(), acts: [{ ...start('u'), answersAsk: false }] },
          calls: [{ task: 'understand', outcome: 'ok' }],
        };
      };
      const run = runtimeFor({ understand }).submit(parseTurnInput({ turn_id: 'm', conversation_id: 'c', locale: 'en', message: 'A trip to Oslo, please.' }));
      const events: TurnProgressEvent[] = [];
      for await (const event of run.progress) events.push(event);
      const result = await run.result;
      expect(events.slice(0, 3)).toEqual([
        { kind: 'phase', phase: 'understanding' },
        { kind: 'understanding_step', step: 'read an act: start a trip to Oslo' },
        { kind: 'phase', phase: 'acting' },
      ]);
      expect(result.outcome.done.map((d) => d.title)).toEqual(['Trip started']);
      expect(result.evidence).toMatchObject({ understandingFailure: null, modelCalls: [{ task: 'understand', outcome: 'ok' }] });
    });

    it('an understanding that fails leaves the message unread, commits nothing, and says why in the evidence', async () => {
      const understand: Understand = async () => ({ ok: false, reason: 'timeout', calls: [{ task: 'understand', outcome: 'timeout' }] });
      const result = await runtimeFor({ understand }).run(parseTurnInput({ turn_id: 'm', conversation_id: 'c', locale: 'en', message: 'A trip to Oslo.' }));
      expect(result.outcome.notDone).toEqual([{ code: 'not_understood', text: 'I did not understand this part of your message: “A trip to Oslo.”.' }]);
      expect(result.evidence.understandingFailure).toBe('timeout');
      expect(await count('turn_events', `t${tenant}`)).toBe(0);
    });
  });

  it('a knowledge source is consulted per question and its failure reaches the writer as unavailable', async () => {
    const seen: AnswerRequest[] = [];
    const writer: TurnWriter = {
      answer: async (request) => {
        seen.push(request);
        return { ok: true, text: 'answer', status: request.knowledge.status === 'unavailable' ? 'source_unavailable' : 'answered', calls: [] };
      },
      acknowledge: async () => ({ ok: true, text: 'ack', calls: [] }),
    };
    const knowledge: KnowledgeSource = {
      lookup: async (question) => {
        if (question.text.startsWith('Visa')) throw new Error('wiki down');
        return { status: 'found', passages: ['Oslo is cold in winter.'] };
      },
    };
    const result = await runtimeFor({ writer, knowledge }).run(
      parseTurnInput(
        turn('k', {
          questions: [
            { text: 'Is Oslo cold?', kind: 'other' },
            { text: 'Visa needed?', kind: 'other' },
          ],
        }),
      ),
    );
    expect(seen.map((r) => r.knowledge.status).sort()).toEqual(['found', 'unavailable']);
    const answers = result.blocks.filter((b): b is AnswerBlock => b.kind === 'answer');
    expect(answers.map((a) => [a.status, a.basis.source])).toEqual([
      ['answered', 'knowledge'],
      ['source_unavailable', 'none'],
    ]);
  });

  it('field values: code proposes the values from the schema, and the answer task is given them', async () => {
    const seen: AnswerRequest[] = [];
    const writer: TurnWriter = {
      answer: async (request) => {
        seen.push(request);
        return { ok: false, reason: 'no_model', calls: [] };
      },
      acknowledge: async () => ({ ok: false, reason: 'no_model', calls: [] }),
    };
    const runtime = runtimeFor({ writer });
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    const result = await runtime.run(parseTurnInput(turn('b', { questions: [{ text: 'Who can pay?', kind: 'field_values', field: 'payer' }] }, 'it-IT')));
    expect(seen[0]?.question).toMatchObject({ kind: 'field_values', field: 'payer', values: ['l’azienda', 'il viaggiatore'] });
    const answer = result.blocks.find((b): b is AnswerBlock => b.kind === 'answer');
    expect(answer).toMatchObject({ status: 'answered', writtenBy: 'code', text: 'Come pagante si può scegliere l’azienda o il viaggiatore.' });
    expect(result.ask).toBeNull();
  });

  it('field values: a question naming no record is about the records in view, and asks for the field one of them owes', async () => {
    const runtime = runtimeFor();
    await runtime.run(parseTurnInput(turn('a', { acts: [start('r'), traveler('r')] })));
    await runtime.run(
      parseTurnInput(turn('b', { acts: [start('s'), traveler('s', 'Bo'), { operation: 'add_extra', record: 's', values: { extra: 'hotel' } }] })),
    );
    const result = await runtime.run(parseTurnInput(turn('c', { questions: [{ text: 'Who can pay?', kind: 'field_values', field: 'payer' }] })));
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 's', awaiting: { operation: 'set_payer', answers: 'payer', values: { extra: 'hotel' } } });
    expect(transitionOf(result).text).toBe(
      'The payer can be the company or the traveler.\nThe extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
    );
  });

  describe('with a writer', () => {
    const input = (id: string, extra: Record<string, unknown> = {}): TurnInputJson => ({
      turn_id: id,
      conversation_id: `conv-${id}`,
      locale: 'en',
      message: 'Start a trip for Ada. What can you do? Where are we?',
      understanding: {
        acts: [start('r'), traveler('r')],
        questions: [
          { text: 'What can you do?', kind: 'capability' },
          { text: 'Where are we?', kind: 'status', records: ['r'] },
        ],
        ...extra,
      },
    });

    it('answers are all started before the acknowledgement, which is shown only what it may rest on', async () => {
      const log: string[] = [];
      let acknowledged: AcknowledgeRequest | undefined;
      const answered: AnswerRequest[] = [];
      const writer: TurnWriter = {
        answer: async (request) => {
          log.push(`answer ${request.questionIndex} started`);
          answered.push(request);
          await new Promise((r) => setTimeout(r, 5));
          log.push(`answer ${request.questionIndex} done`);
          return { ok: true, text: `written answer ${request.questionIndex}`, status: 'answered', calls: [{ task: 'answer', outcome: 'ok' }] };
        },
        acknowledge: async (request) => {
          log.push('acknowledge');
          acknowledged = request;
          return { ok: true, text: 'Ada is on the trip to Oslo.', calls: [{ task: 'acknowledge', outcome: 'ok' }] };
        },
      };
      const result = await runtimeFor({ writer }).run(parseTurnInput(input('writer-ok')));
      expect(log.slice(0, 2).sort()).toEqual(['answer 0 started', 'answer 1 started']);
      expect(log.at(-1)).toBe('acknowledge');
      expect(answered[1]?.records.map((r) => [r.id, r.needs])).toEqual([['r', []]]);
      expect(acknowledged?.message).toBe('Start a trip for Ada. What can you do? Where are we?');
      expect(acknowledged?.outcome.done.map((d) => d.title)).toEqual(['Trip started', 'Traveler added']);
      expect(acknowledged?.answers.map((a) => a.text)).toEqual(['written answer 0', 'written answer 1']);
      expect(JSON.stringify(acknowledged?.answers)).not.toContain('Where are we?');
      expect(acknowledged?.guidance).toBe('Everything is in place; point the user to the confirmation card without repeating it.');
      expect(transitionOf(result)).toMatchObject({ text: 'Ada is on the trip to Oslo.', writtenBy: 'writer', fallbackReason: null });
      expect(result.evidence.modelCalls.map((c) => c.task)).toEqual(['answer', 'answer', 'acknowledge']);
    });

    it('the acknowledgement is not shown the message when something was left undone', async () => {
      let acknowledged: AcknowledgeRequest | undefined;
      const writer: TurnWriter = {
        answer: async () => ({ ok: false, reason: 'no_model', calls: [] }),
        acknowledge: async (request) => {
          acknowledged = request;
          return { ok: true, text: 'ok', calls: [] };
        },
      };
      await runtimeFor({ writer }).run(parseTurnInput(input('undone', { unread: ['blah'] })));
      expect(acknowledged?.message).toBeNull();
    });

    it('W4: a writer that fails changes no receipt, notice or card; code’s words stand in and the evidence says why', async () => {
      const failing: TurnWriter = {
        answer: async () => ({ ok: false, reason: 'timeout', calls: [{ task: 'answer', outcome: 'timeout' }] }),
        acknowledge: async () => {
          throw new Error('provider exploded');
        },
      };
      const withFailing = await runtimeFor({ writer: failing }).run(parseTurnInput(input('fails')));
      const withNone = await runtimeFor().run(parseTurnInput(input('fails')));
      const structural = (r: TurnResult) => r.blocks.filter((b) => b.kind !== 'transition');
      expect(structural(withFailing)).toEqual(structural(withNone));
      expect(transitionOf(withFailing)).toEqual({ ...transitionOf(withNone), fallbackReason: 'writer threw: provider exploded' });
      expect(withFailing.evidence.modelCalls).toEqual([
        { task: 'answer', outcome: 'timeout' },
        { task: 'answer', outcome: 'timeout' },
      ]);
    });
  });
});
