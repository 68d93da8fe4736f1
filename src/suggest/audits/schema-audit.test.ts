import { describe, expect, it } from 'vitest';
import type { Candidate } from './audit.js';
import { MAX_TEXT_CHARS, schemaAudit } from './schema-audit.js';

const candidate = (text: string, rationale = 'Answers her question.'): Candidate => ({
  index: 0,
  round: 1,
  draft: { direction: 'direct_answer_and_callback', text, rationale, handles: [], claims: [] },
});

describe('schema audit', () => {
  it('schema: the audit is named schema; a well-formed candidate has no finding', () => {
    expect(schemaAudit.name).toBe('schema');
    expect(schemaAudit.check(candidate('Mostly the quiet.'), {} as never)).toEqual([]);
  });
  it('schema: blank text or blank rationale (whitespace only) fails, naming the field', () => {
    expect(schemaAudit.check(candidate('   '), {} as never)).toEqual([
      { code: 'suggestion_shape', detail: 'text: Too small: expected string to have >=1 characters' },
    ]);
    expect(schemaAudit.check(candidate('Fine.', ' \n '), {} as never)).toEqual([
      { code: 'suggestion_shape', detail: 'rationale: Too small: expected string to have >=1 characters' },
    ]);
  });
  it(`schema: ${MAX_TEXT_CHARS} characters is compact enough; one more is a letter`, () => {
    expect(MAX_TEXT_CHARS).toBe(400);
    expect(schemaAudit.check(candidate('a'.repeat(400)), {} as never)).toEqual([]);
    expect(schemaAudit.check(candidate('a'.repeat(401)), {} as never)).toEqual([{ code: 'text_too_long', detail: '401 characters (at most 400)' }]);
  });
});
