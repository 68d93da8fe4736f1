import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { loadWorkflowModule } from './load-workflow-module.js';
import { parseTurnInput } from './turn-input.js';
import { turnResultFromJson, turnResultSchema, turnResultToJson, type TurnResult } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';

const result: TurnResult = {
  turnId: 't',
  conversationId: 'c',
  locale: 'en',
  blocks: [{ kind: 'transition', id: 'transition', text: 'Hi', writtenBy: 'code', fallbackReason: null }],
  outcome: { done: [], notDone: [{ code: 'refused', text: 'No.', recordId: 'r' }], disputes: [], starting: [], ask: null, card: null },
  ask: {
    id: 'ask:obligation:r:payer:0',
    kind: 'obligation',
    text: 'Who pays?',
    recordId: 'r',
    awaiting: { operation: 'set_payer', record: 'r', workflow: 'trip', values: { extra_name: 'hotel', roomType: 'double' }, answers: 'payer' },
  },
  aboutRecord: 'r',
  inView: ['r'],
  evidence: { modelCalls: [{ task: 'answer', outcome: 'ok', promptHash: 'sha256:1', latencyMs: 3 }], understandingFailure: null, eventsCommitted: 0 },
};

describe('turn result JSON', () => {
  it('is snake_case on the wire, keeps the host’s own value keys, and reads back unchanged', () => {
    const json = turnResultToJson(result);
    expect(json).toMatchObject({
      turn_id: 't',
      about_record: 'r',
      in_view: ['r'],
      outcome: { not_done: [{ code: 'refused', record_id: 'r' }] },
      ask: { record_id: 'r', awaiting: { values: { extra_name: 'hotel', roomType: 'double' } } },
      evidence: { model_calls: [{ prompt_hash: 'sha256:1', latency_ms: 3 }], events_committed: 0 },
      blocks: [{ written_by: 'code', fallback_reason: null }],
    });
    expect(turnResultFromJson(JSON.parse(JSON.stringify(json)))).toEqual(result);
    expect(turnResultSchema.encode(result)).toEqual(json);
  });

  it('a result read from JSON is checked against the schema, with the path of what is wrong', () => {
    const json = JSON.parse(JSON.stringify(turnResultToJson(result))) as { blocks: { written_by: string }[]; evidence: { model_calls: { outcome: string }[] } };
    json.blocks[0]!.written_by = 'someone';
    json.evidence.model_calls[0]!.outcome = 'fine';
    const error = (() => {
      try {
        return turnResultFromJson(json);
      } catch (e) {
        return e;
      }
    })();
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as InputError).issues.map((i) => i.path).sort()).toEqual(['$.blocks[0].written_by', '$.evidence.model_calls[0].outcome']);
  });

  it('a member the schema does not list is dropped, so the fixture check below can fail', () => {
    const json = { ...turnResultToJson(result), extra: 1 };
    expect(turnResultSchema.in.parse(json)).not.toEqual(json);
  });
});

describe('the documented TurnResult', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMemoryStore();
  });
  afterAll(() => db?.close());

  it('lists every member the runtime writes, with its type, for every recorded conversation', async () => {
    const folder = join(packageRoot(), 'fixtures', 'turns');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.json'));
    const kinds = new Set<string>();
    let turns = 0;
    for (const file of files) {
      const fixture = JSON.parse(await readFile(join(folder, file), 'utf8')) as { workflows: string; locales: string[]; turns: { input: unknown }[] };
      const module = await loadWorkflowModule(fixture.workflows, packageRoot());
      const runtime = createTurnRuntime({ db, workflows: module.workflows, locales: fixture.locales, tenantId: file });
      for (const turn of fixture.turns) {
        const json = turnResultToJson(await runtime.run(parseTurnInput(turn.input)));
        // Parsing drops members the schema does not list, so equality means none is undocumented.
        expect(turnResultSchema.in.parse(json), `${file} ${JSON.stringify(json)}`).toEqual(json);
        for (const block of json.blocks) kinds.add(block.kind);
        if (json.ask?.awaiting) kinds.add('ask.awaiting');
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(40);
    // The fixtures exercise every kind of block, so the check above covered each one.
    expect([...kinds].sort()).toEqual(['answer', 'ask.awaiting', 'card', 'notice', 'receipt', 'transition']);
  });
});
