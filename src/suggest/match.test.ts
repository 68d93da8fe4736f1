import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { matchJsonSchema, parseMatch } from './match.js';
import { rawFixture } from './testing.js';

const current = () => structuredClone(rawFixture('en-active-reply-happy-path').match) as Record<string, unknown>;

function refusal(value: unknown): { path: string; message: string }[] {
  try {
    parseMatch(value);
  } catch (error) {
    if (InputError.isInstance(error)) return [...error.issues];
    throw error;
  }
  throw new Error('expected the match to be refused');
}

describe('match shape', () => {
  it('match: the current shape is read, messages in time order, details flat', () => {
    const raw = current();
    (raw.messages as unknown[]).reverse();
    const match = parseMatch(raw);
    expect(match.id).toBe('match-en-ona');
    expect(match.messages.map((m) => m.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(match.details.job).toBe('architect');
    expect(match.checkList[0]?.score).toBe(8);
  });

  it('W9: a root array (more than one Match) is refused at $', () => {
    expect(refusal([current(), current()])).toEqual([{ path: '$', message: expect.stringContaining('exactly one root Match') }]);
  });

  it('W9: an empty id is refused at $.id', () => {
    expect(refusal({ ...current(), id: '  ' })[0]?.path).toBe('$.id');
  });

  it('W9: a nested match object (legacy shape) is refused at $.match', () => {
    expect(refusal({ match: current() })[0]).toEqual({ path: '$.match', message: expect.stringContaining('legacy') });
  });

  it('W9: nested details, an object summary and messages under another key are each refused with their path', () => {
    const raw = { ...current(), details: { job: { title: 'architect' } }, summary: { text: 'x' }, conversation: [] };
    expect(
      refusal(raw)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['$.conversation', '$.details.job', '$.summary']);
  });

  it('W9: a message of another match is cross-match context, refused at its match_id', () => {
    const raw = current();
    (raw.messages as Record<string, unknown>[])[3]!.match_id = 'match-other';
    expect(refusal(raw)).toEqual([{ path: '$.messages[3].match_id', message: expect.stringContaining('cross-match') }]);
  });

  it('W9: a reply_to naming a message outside this match is refused at its path', () => {
    const raw = current();
    (raw.messages as Record<string, unknown>[])[4]!.reply_to = 'z9';
    expect(refusal(raw)[0]?.path).toBe('$.messages[4].reply_to');
  });

  it('W9: an unknown key is refused, not ignored', () => {
    expect(refusal({ ...current(), langauge: 'en' })).toContainEqual({ path: '$.langauge', message: 'unknown key' });
  });

  it('match: the JSON Schema names every root field and forbids others', () => {
    const schema = matchJsonSchema() as { properties: Record<string, unknown>; additionalProperties: boolean };
    expect(Object.keys(schema.properties).sort()).toEqual(['ai_generations', 'check_list', 'details', 'id', 'language', 'messages', 'status', 'summary']);
    expect(schema.additionalProperties).toBe(false);
  });
});
