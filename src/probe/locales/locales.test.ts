import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { denialLocaleOf, GENERIC_REPLIES, isAssertion, PROBE_LOCALES } from './index.js';

/** The sample kinds every locale must supply, each a non-empty list. */
const REQUIRED_KINDS = ['genericReplies', 'assertionMarkers'] as const;

describe('the probe locales: samples as data, one module per locale', () => {
  it('every data module in this folder is a locale of PROBE_LOCALES, named by its tag', () => {
    const modules = readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'probe-locale.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(PROBE_LOCALES.map((l) => l.locale).sort()).toEqual(modules.sort());
    for (const { locale } of PROBE_LOCALES) expect(Intl.getCanonicalLocales(locale)).toEqual([locale]);
  });

  it.each(PROBE_LOCALES.map((l) => [l.locale, l] as const))('%s supplies every required sample kind', (_, locale) => {
    for (const kind of REQUIRED_KINDS) {
      expect(locale[kind].length, kind).toBeGreaterThan(0);
      for (const sample of locale[kind]) expect(sample.trim(), kind).toBe(sample);
      expect(new Set(locale[kind]).size, `${kind} repeats a sample`).toBe(locale[kind].length);
    }
    // A marker of a spaced language is one word; markers are read without regard to case.
    if (locale.words === 'spaces') for (const m of locale.assertionMarkers) expect(m).toMatch(/^\S+$/u);
    for (const m of locale.assertionMarkers) expect(m).toBe(m.toLowerCase());
  });

  it('a term of any script falls to a locale that supplies a denial holding the state and an assertion of it', () => {
    for (const term of ['approved', 'approvato', 'patvirtinta', '預約']) {
      const { denial } = denialLocaleOf(term);
      expect(denial.deny(term)).toContain(term);
      expect(denial.assert(term)).toContain(term);
      expect(isAssertion(denial.assert(term)), denial.assert(term)).toBe(true);
    }
    expect(denialLocaleOf('預約').locale).toBe('zh-TW');
    expect(denialLocaleOf('approvato').locale).toBe('en');
  });

  it('the samples are read from the data: generic replies in locale order, markers as whole words where words are spaced', () => {
    expect(GENERIC_REPLIES).toEqual(PROBE_LOCALES.flatMap((l) => l.genericReplies));
    for (const locale of PROBE_LOCALES) {
      for (const marker of locale.assertionMarkers)
        expect(isAssertion(locale.words === 'spaces' ? `it ${marker.toUpperCase()} done` : `x${marker}y`), marker).toBe(true);
    }
    expect(isAssertion('approved')).toBe(false);
    expect(isAssertion('this')).toBe(false); // "is" only as a word
    expect(isAssertion('預約')).toBe(false);
  });
});
