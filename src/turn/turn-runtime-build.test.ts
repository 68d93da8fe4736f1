import { describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import { CopyIncompleteError, ServerCopy } from '../copy/index.js';
import type { Database } from '../store/index.js';
import { WorkflowTextMissingError, createTurnRuntime } from './turn-runtime.js';

/** Building a runtime checks its configuration and touches no store. */
const noStore = {} as Database;

describe('building a turn runtime', () => {
  it('W8: refuses to start while a server sentence lacks a declared locale, naming each one', () => {
    const build = () => createTurnRuntime({ db: noStore, workflows: [tripWorkflow], locales: ['en', 'fr'] });
    expect(build).toThrow(CopyIncompleteError);
    expect(build).toThrow(/notice\.unknownRecord in fr/);
  });

  it('W8: refuses to start while a workflow text lacks a declared locale, naming each one', () => {
    const copy = ServerCopy.builtIn().translated('fr', ServerCopy.english().texts('en'));
    let error: unknown;
    try {
      createTurnRuntime({ db: noStore, workflows: [tripWorkflow], locales: ['en', 'fr'], copy });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorkflowTextMissingError);
    const missing = (error as WorkflowTextMissingError).missing;
    expect(missing).toContain('trip.noun in fr');
    expect(missing).toContain('trip.receipts.traveler_added in fr');
    expect(missing).toContain('trip.obligations.payer.sentence in fr');
    expect(missing).toContain('trip.cards.confirm_trip.buttons.not_now.label in fr');
    expect(missing.every((m) => m.endsWith(' in fr'))).toBe(true);
  });

  it('starts with English and Italian declared', () => {
    expect(createTurnRuntime({ db: noStore, workflows: [tripWorkflow], locales: ['en', 'it'] }).locales).toEqual(['en', 'it']);
  });

  it('refuses two workflows with one key', () => {
    expect(() => createTurnRuntime({ db: noStore, workflows: [tripWorkflow, tripWorkflow] })).toThrow(/two workflows share the key trip/);
  });
});
