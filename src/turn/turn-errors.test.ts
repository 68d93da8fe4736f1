import { parseTurnInput } from './turn-input.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import { ConfigurationError, InputError, type WarrantError } from '../errors.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { createTurnRuntime } from './turn-runtime.js';
import type { WorkflowDefinition } from './workflow.js';
import type { KnowledgeSource } from './writer.js';

const start = { operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' } };

describe('an error a turn rejects with says which turn it ended and whether that turn committed', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMemoryStore();
  });
  afterAll(async () => {
    await db.close();
  });

  it('a refused input: its turn id, not committed', async () => {
    const error = await createTurnRuntime({ db, workflows: [tripWorkflow], tenantId: 'te-1' })
      .run({ turnId: 'refused', conversationId: 'c', locale: 'en', understanding: { acts: [{ record: 'r' }] } } as never)
      .catch((e: unknown) => e);
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as WarrantError).turn).toEqual({ turnId: 'refused', committed: false });
  });

  it('a failure while composing after the commit: committed, so sending the turn again returns it', async () => {
    // A receipt that cannot be rendered is the workflow's mistake, found only once the events committed.
    const broken: WorkflowDefinition = {
      ...tripWorkflow,
      receipts: {
        ...tripWorkflow.receipts,
        trip_started: {
          en: () => {
            throw new ConfigurationError('the trip_started receipt cannot be rendered');
          },
        },
      },
    } as WorkflowDefinition;
    const knowledge: KnowledgeSource = { lookup: async () => ({ status: 'none', passages: [] }) };
    const error = await createTurnRuntime({ db, workflows: [broken], tenantId: 'te-2', knowledge })
      .run(parseTurnInput({ turn_id: 'late', conversation_id: 'c', locale: 'en', understanding: { acts: [start] } }))
      .catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as WarrantError).turn).toEqual({ turnId: 'late', committed: true });
  });
});
