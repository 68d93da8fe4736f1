import { describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import { CopyIncompleteError, ServerCopy } from '../copy/index.js';
import { ConfigurationError } from '../errors.js';
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

  it('refuses a bare noun in a language whose sentences agree with its gender, naming the path and what to declare', () => {
    const bare = { ...tripWorkflow, noun: { en: 'trip', it: 'pratica' } };
    expect(() => createTurnRuntime({ db: noStore, workflows: [bare], locales: ['en', 'it-IT'] })).toThrow(
      /trip\.noun\.it: the sentences in it-IT agree with the noun's gender; declare it as \{ word: "pratica", gender: 'masculine' \| 'feminine' \| 'neuter' \}/,
    );
    // English sentences do not agree with a gender: a bare word serves them.
    expect(createTurnRuntime({ db: noStore, workflows: [bare], locales: ['en'] }).locales).toEqual(['en']);
  });

  it('refuses a malformed noun declaration with the path of each mistake', () => {
    const wrong = {
      ...tripWorkflow,
      noun: { en: 'trip', it: { word: '', gender: 'femminile', number: 'many', article: 'la' } },
    } as unknown as typeof tripWorkflow;
    let error: unknown;
    try {
      createTurnRuntime({ db: noStore, workflows: [wrong], locales: ['en', 'it'] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).toContain('trip.noun.it.word: expected a non-empty word, got ""');
    expect(message).toContain('trip.noun.it.gender: expected one of "masculine", "feminine", "neuter", got "femminile"');
    expect(message).toContain('trip.noun.it.number: expected one of "singular", "plural", got "many"');
    expect(message).toContain('trip.noun.it.article: unknown key');
  });

  it('W8: starts with German declared when every workflow text has German and the noun its gender', () => {
    const german = {
      ...tripWorkflow,
      noun: { ...tripWorkflow.noun, de: { word: 'Reise', gender: 'feminine' } },
    } as typeof tripWorkflow;
    let error: unknown;
    try {
      createTurnRuntime({ db: noStore, workflows: [german], locales: ['en', 'de'] });
    } catch (e) {
      error = e;
    }
    // The server's German copy is complete: only the workflow's own texts are missing, never the noun.
    expect(error).toBeInstanceOf(WorkflowTextMissingError);
    expect((error as WorkflowTextMissingError).missing).not.toContain('trip.noun in de');
    expect(ServerCopy.builtIn().missing(['de'])).toEqual([]);
  });

  it('refuses two workflows with one key', () => {
    expect(() => createTurnRuntime({ db: noStore, workflows: [tripWorkflow, tripWorkflow] })).toThrow(/two workflows share the key trip/);
  });
});

describe('declaring a regional locale', () => {
  it('W8: a regional tag (it-IT, de-CH) is served by its language’s copy and texts without being declared', () => {
    expect(createTurnRuntime({ db: noStore, workflows: [tripWorkflow], locales: ['en', 'it-IT'] }).locales).toEqual(['en', 'it-IT']);
    const copy = ServerCopy.builtIn().translated('de', ServerCopy.english().texts('en'));
    const german = { ...tripWorkflow, noun: { ...tripWorkflow.noun, de: 'Reise' } };
    let error: unknown;
    try {
      createTurnRuntime({ db: noStore, workflows: [german], locales: ['en', 'de-CH'], copy });
    } catch (e) {
      error = e;
    }
    // The copy check and the workflow-text check agree: both read de-CH through de.
    expect(error).toBeInstanceOf(WorkflowTextMissingError);
    const missing = (error as WorkflowTextMissingError).missing;
    expect(missing).not.toContain('trip.noun in de-CH');
    expect(missing).toContain('trip.receipts.traveler_added in de-CH');
  });

  it('W8: a regional tag whose language has no copy is refused naming the tag', () => {
    expect(() => createTurnRuntime({ db: noStore, workflows: [tripWorkflow], locales: ['en', 'fr-CA'] })).toThrow(/notice\.unknownRecord in fr-CA/);
  });
});
