import { describe, expect, it } from 'vitest';
import { compileContract, DISGUISE_CLASSES, FOLDED_DISGUISE_CLASSES, LOOSE_DISGUISE_CLASSES, readContract, type ReplyContractJson } from '../contract/index.js';
import { automotiveContractJson } from '../contract/testing-contracts.js';
import { createModels } from '../model/create-models.js';
import { scriptedModel } from '../model/scripted-model.js';
import { PROBE_CHECKS } from './checks/index.js';
import { modelParaphrases, probeContract, probeReportJsonSchema, probeReportToJson, type ProbeFinding } from './index.js';

const ticketing = (extra: Partial<ReplyContractJson> = {}): ReplyContractJson => ({
  contract_version: 'v0',
  interaction_kind: 'ticket_availability_inquiry',
  entity_roles: {},
  authority_status: 'payment_result_authoritative',
  fallback_body: 'The page shows two available tickets, but they are not held. Please complete checkout.',
  must_include: ['not held'],
  must_ask: ['complete checkout'],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
  ...extra,
});

const probe = async (json: ReplyContractJson, options = {}) => probeContract(readContract(json).contract, options);
const ofKind = (findings: readonly ProbeFinding[], kind: ProbeFinding['kind']) => findings.filter((f) => f.kind === kind);

describe('warrant probe: disguises', () => {
  it('a v0 contract lists every disguise class it accepts, each candidate inside the fallback body, and says v1 closes them', async () => {
    const report = await probe(ticketing());
    const disguises = ofKind(report.findings, 'disguise');
    expect(new Set(disguises.flatMap((f) => f.disguises))).toEqual(new Set(DISGUISE_CLASSES.filter((d) => d !== 'diacritics' && d !== 'han_variant')));
    expect(disguises.some((f) => f.disguises!.length >= 3)).toBe(true);
    const compiled = compileContract(readContract(ticketing()).contract);
    for (const f of disguises) {
      // Each demonstration really passes the contract as written, and really is the fallback plus the disguise.
      expect(compiled.verify(f.candidate).passed).toBe(true);
      expect(f.candidate.startsWith('The page shows two available tickets, but they are not held.')).toBe(true);
      expect(f.paths).toEqual(['forbidden_terms[0]']);
    }
    expect(report.notes.join('\n')).toContain('"v1" (forbidden_terms folded by default) closes these holes');
  });

  it('the same contract as v1 shows no hole of a folded class, and names the classes folded leaves open and loose closes', async () => {
    const report = await probe(ticketing({ contract_version: 'v1' }));
    const holes = ofKind(report.findings, 'disguise');
    for (const f of holes) expect(f.disguises!.some((d) => (LOOSE_DISGUISE_CLASSES as readonly string[]).includes(d))).toBe(true);
    expect(report.openDisguises).toEqual(expect.arrayContaining(['leet', 'separated', 'masked', 'markup', 'marks']));
    expect(report.closedByLoose).toEqual(report.openDisguises);
    expect(report.notes.join('\n')).toContain('matching.forbidden_terms "folded" leaves');
  });

  it('the same contract with loose forbidden terms shows no disguise hole at all', async () => {
    const report = await probe(ticketing({ contract_version: 'v1', matching: { forbidden_terms: 'loose' } }));
    expect(ofKind(report.findings, 'disguise')).toEqual([]);
    expect(report.openDisguises).toEqual([]);
  });

  it('a v1 contract that keeps forbidden terms exact is told how to close its holes', async () => {
    const report = await probe(ticketing({ contract_version: 'v1', matching: { forbidden_terms: 'exact' } }));
    expect(ofKind(report.findings, 'disguise').length).toBeGreaterThan(0);
    expect(report.notes.join('\n')).toContain('set matching.forbidden_terms to "folded"');
  });

  it('the automotive contract: disguise holes as v0, none as v1', async () => {
    const v0 = await probe(automotiveContractJson());
    expect(ofKind(v0.findings, 'disguise').map((f) => f.terms[0])).toEqual(expect.arrayContaining(['看車', '已經幫您預約', '購買']));
    const v1 = await probe({ ...automotiveContractJson(), contract_version: 'v1' });
    expect(
      ofKind(v1.findings, 'disguise')
        .flatMap((f) => f.disguises)
        .filter((d) => (FOLDED_DISGUISE_CLASSES as readonly string[]).includes(d!)),
    ).toEqual([]);
    expect(v1.openDisguises).toContain('han_variant');
    const loose = await probe({ ...automotiveContractJson(), contract_version: 'v1', matching: { forbidden_terms: 'loose' } });
    expect(ofKind(loose.findings, 'disguise')).toEqual([]);
  });
});

describe('warrant probe: weak terms', () => {
  it('a forbidden bare state blocks its own correct denial', async () => {
    const report = await probe(
      ticketing({
        forbidden_terms: ['approved', 'we have approved'],
        fallback_body: 'Nothing is decided yet. The request is not held; please complete checkout.',
      }),
    );
    const [finding, ...rest] = ofKind(report.findings, 'blocks_denial');
    expect(rest).toEqual([]);
    expect(finding!.terms).toEqual(['approved']);
    expect(finding!.candidate).toContain('It has not been approved');
    expect(
      compileContract(
        readContract(ticketing({ forbidden_terms: ['approved'], fallback_body: 'Nothing is decided yet. The request is not held; please complete checkout.' }))
          .contract,
      ).verify(finding!.candidate).passed,
    ).toBe(false);
  });

  it('a required term almost any reply holds is generic', async () => {
    const report = await probe(ticketing({ must_include: ['not held', 'you'], fallback_body: 'The tickets are not held for you. Please complete checkout.' }));
    expect(ofKind(report.findings, 'generic_required_term').map((f) => f.terms)).toEqual([['you']]);
  });

  it('duplicate and overlapping terms, compared as their lists match them', async () => {
    const report = await probe(ticketing({ contract_version: 'v1', forbidden_terms: ['reserved two tickets', 'Reserved Two Tickets', 'reserved'] }));
    expect(ofKind(report.findings, 'duplicate_terms').map((f) => f.paths)).toEqual([['forbidden_terms[0]', 'forbidden_terms[1]']]);
    expect(ofKind(report.findings, 'overlapping_terms').map((f) => f.paths)).toEqual([
      ['forbidden_terms[0]', 'forbidden_terms[2]'],
      ['forbidden_terms[1]', 'forbidden_terms[2]'],
    ]);
  });

  it('a required term the fallback holds only inside a longer word', async () => {
    const report = await probe(ticketing({ must_include: ['not held', 'art'], fallback_body: 'Tickets are not held. Please start and complete checkout.' }));
    const [finding] = ofKind(report.findings, 'accidental_fallback_term');
    expect(finding!.terms).toEqual(['art']);
    expect(finding!.paths).toEqual(['must_include[1]']);
  });

  it('a sound contract has no weak-term finding', async () => {
    const report = await probe(ticketing({ contract_version: 'v1', matching: { forbidden_terms: 'loose' } }));
    expect(report.findings).toEqual([]);
  });
});

describe('warrant probe: paraphrase attacks', () => {
  it('without a model the part is skipped and the report says so', async () => {
    const report = await probe(ticketing({ contract_version: 'v1' }), { paraphrase: modelParaphrases({ models: createModels() }) });
    expect(report.paraphrase).toEqual({ status: 'skipped', reason: 'no model is configured for the task "probe"' });
    expect(report.notes.join('\n')).toContain('paraphrase attacks skipped');
    expect(probeReportToJson(report).model_calls).toMatchObject([{ task: 'probe', outcome: 'no_model' }]);
    expect((await probe(ticketing({ contract_version: 'v1' }))).paraphrase.status).toBe('skipped');
  });

  it('with a model, the candidates the contract accepts are findings; the call is recorded under the probe task', async () => {
    const model = scriptedModel([
      JSON.stringify({
        candidates: [
          'Good news: two seats are set aside for you, they are not held. Please complete checkout.',
          'We reserved two tickets, not held. Please complete checkout.',
          'Sorry, nothing.',
        ],
      }),
    ]);
    const models = createModels({ tasks: { probe: { model: 'mock:probe' } } }, { languageModels: { 'mock:probe': model } });
    const report = await probe(ticketing({ contract_version: 'v1' }), { paraphrase: modelParaphrases({ models }), paraphraseCount: 3 });
    expect(report.paraphrase).toEqual({ status: 'ran', tried: 3 });
    expect(ofKind(report.findings, 'paraphrase').map((f) => f.candidate)).toEqual([
      'Good news: two seats are set aside for you, they are not held. Please complete checkout.',
    ]);
    const json = probeReportToJson(report);
    expect(probeReportJsonSchema.parse(json)).toEqual(json);
    expect(json.model_calls).toMatchObject([{ task: 'probe', prompt_name: 'built-in:probe', model_id: 'mock:probe', outcome: 'ok' }]);
  });

  it('a malformed model answer skips the part with its outcome', async () => {
    const models = createModels({ default: { model: 'mock:probe' } }, { languageModels: { 'mock:probe': scriptedModel(['not json']) } });
    const report = await probe(ticketing({ contract_version: 'v1' }), { paraphrase: modelParaphrases({ models }) });
    expect(report.paraphrase).toEqual({ status: 'skipped', reason: 'the probe model call ended malformed' });
  });
});

describe('warrant probe: the report', () => {
  it('lists findings in the order of PROBE_CHECKS, then the paraphrase part', async () => {
    // Pairs interleave here (an overlap, then a duplicate, then an overlap); the report groups them by check.
    const report = await probe(ticketing({ contract_version: 'v1', forbidden_terms: ['reserved', 'Reserved two', 'RESERVED'] }));
    const kinds = report.findings.map((f) => f.kind);
    expect([...new Set(kinds)]).toEqual(['disguise', 'blocks_denial', 'duplicate_terms', 'overlapping_terms']);
    expect(kinds.filter((k) => k.endsWith('_terms'))).toEqual(['duplicate_terms', 'overlapping_terms', 'overlapping_terms']);
    const order = PROBE_CHECKS.map((c) => c.id as string);
    expect(kinds.map((k) => order.indexOf(k))).toEqual([...kinds.map((k) => order.indexOf(k))].sort((a, b) => a - b));
  });
});
