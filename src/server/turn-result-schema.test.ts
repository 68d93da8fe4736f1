import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { openStore, type Database } from '../store/index.js';
import { loadWorkflowModule } from '../turn/load-workflow-module.js';
import { createTurnRuntime, parseTurnInput, turnResultToJson } from '../turn/index.js';
import { turnResultJsonSchema } from './turn-result-schema.js';

let db: Database;
beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
});
afterAll(() => db?.close());

describe('the documented TurnResult', () => {
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
        expect(turnResultJsonSchema.parse(json), `${file} ${JSON.stringify(json)}`).toEqual(json);
        for (const block of json.blocks as { kind: string }[]) kinds.add(block.kind);
        if ((json.ask as { awaiting?: unknown } | null)?.awaiting) kinds.add('ask.awaiting');
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(40);
    // The fixtures exercise every kind of block, so the check above covered each one.
    expect([...kinds].sort()).toEqual(['answer', 'ask.awaiting', 'card', 'notice', 'receipt', 'transition']);
  });

  it('a member the runtime does not write is refused, so the check above can fail', () => {
    const json = { turn_id: 't', conversation_id: 'c', locale: 'en', blocks: [{ kind: 'transition', id: 'transition', text: 'x', written_by: 'code', fallback_reason: null, extra: 1 }], outcome: { done: [], not_done: [], disputes: [], starting: [], ask: null, card: null }, ask: null, about_record: null, in_view: [], evidence: { model_calls: [], understanding_failure: null, events_committed: 0 } };
    expect(turnResultJsonSchema.parse(json)).not.toEqual(json);
  });
});
