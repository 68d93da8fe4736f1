import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from '../errors.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { createTurnRuntime } from './turn-runtime.js';
import { defineWorkflow } from './workflow.js';
import { parseTurnInput } from './turn-input.js';

const state = z.strictObject({ lines: z.array(z.string()) });

/** A workflow with declared events whose `add_line` emits whatever payload the test asks for. */
const noteWorkflow = (payload: unknown, type = 'line_added') =>
  defineWorkflow({
    key: 'note',
    state,
    initialState: { lines: [] },
    events: { line_added: z.strictObject({ text: z.string() }) },
    apply: (s, event) => ({ lines: [...s.lines, event.payload.text] }),
    operations: {
      add_line: {
        label: { en: 'add a line' },
        creates: true,
        input: z.strictObject({ text: z.string() }),
        // The cast stands for a handler whose types were bypassed (plain JavaScript, a JSON config).
        handle: () => ({ events: [{ type, payload } as never] }),
      },
    },
    receipts: { line_added: { en: (p) => ({ title: 'Line added', body: p.text }) } },
  });

const turn = (turnId: string) => ({
  turn_id: turnId,
  conversation_id: 'c',
  locale: 'en',
  understanding: { acts: [{ operation: 'add_line', workflow: 'note', record: 'n1', values: { text: 'milk' } }] },
});

describe.each(storeTargets())('declared event payloads on $name', (target) => {
  let db: Database;
  let tenant = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });
  const events = async (tenantId: string) =>
    (await db.query<{ n: number }>('select count(*)::int8 as n from turn_events where tenant_id = $1', [tenantId]))[0]!.n;

  it('a payload its schema accepts commits and renders its receipt', async () => {
    const tenantId = `ok${++tenant}`;
    const result = await createTurnRuntime({ db, workflows: [noteWorkflow({ text: 'milk' })], tenantId }).run(parseTurnInput(turn('t1')));
    expect(result.blocks.find((b) => b.kind === 'receipt')).toMatchObject({ title: 'Line added', body: 'milk' });
    expect(await events(tenantId)).toBe(1);
  });

  it.each([
    ['a payload its schema refuses', { txt: 'milk' }, 'line_added', /payload its schema refuses \(\$\.text: .*\$\.txt: unknown key\)/],
    ['an event type it does not declare', { text: 'milk' }, 'line_removed', /emitted line_removed, which/],
  ])("%s is the workflow's bug, a ConfigurationError, and nothing commits", async (_name, payload, type, message) => {
    const tenantId = `bad${++tenant}`;
    const workflow = noteWorkflow(payload, type);
    // An undeclared type still has a receipt, so the only thing wrong is the missing declaration.
    const receipts = { ...workflow.receipts, line_removed: { en: () => ({ title: 'x', body: 'x' }) } };
    const runtime = createTurnRuntime({ db, workflows: [{ ...workflow, receipts }], tenantId });
    const failure = await runtime.run(parseTurnInput(turn('t1'))).catch((error: unknown) => error);
    expect(ConfigurationError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toMatch(message);
    expect(await events(tenantId)).toBe(0);
  });
});
