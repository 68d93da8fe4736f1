import { describe, expect, it } from 'vitest';
import { PROBE_FINDING_KINDS } from '../probe-finding.js';
import { PROBE_CHECKS } from './index.js';

describe('the probe checks', () => {
  it('one named check per kind of finding but the paraphrase part, each described, in the order findings are reported', () => {
    expect(PROBE_CHECKS.map((c) => c.id)).toEqual(PROBE_FINDING_KINDS.filter((k) => k !== 'paraphrase'));
    for (const check of PROBE_CHECKS) expect(check.describe.length, check.id).toBeGreaterThan(20);
  });
});
