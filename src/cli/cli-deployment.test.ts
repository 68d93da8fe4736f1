import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { automotiveContractJson } from '../contract/testing-contracts.js';
import type { Deployment, DeploymentFromEnvOptions } from '../deployment/deployment.js';
import { packageRoot } from '../package-root.js';
import { testKeys } from '../server/testing.js';
import { memoryIo, type CliIo } from './io.js';
import { runCli } from './program.js';
import { recordingModelServer } from './testing-model-server.js';

/** Every deployment a command built, with what it was built from. */
const built: { env: Record<string, string | undefined>; options: DeploymentFromEnvOptions; deployment: Deployment }[] = [];
vi.mock('../deployment/deployment.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../deployment/deployment.js')>();
  return {
    ...real,
    deploymentFromEnv: (env: Record<string, string | undefined>, options: DeploymentFromEnvOptions) => {
      const deployment = real.deploymentFromEnv(env, options);
      built.push({ env, options, deployment });
      return deployment;
    },
  };
});

let dir: string;
let model: Awaited<ReturnType<typeof recordingModelServer>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warrant-deployment-'));
  await mkdir(join(dir, 'prompts'));
  await writeFile(join(dir, 'prompts', 'suggest.burst.md'), 'THE DEPLOYMENT’S OWN BURST PROMPT');
  await writeFile(join(dir, 'prompts', 'probe.md'), 'THE DEPLOYMENT’S OWN PROBE PROMPT');
  await writeFile(join(dir, 'contract.json'), JSON.stringify(automotiveContractJson()));
  model = await recordingModelServer();
});
afterAll(async () => {
  await model.close();
  await rm(dir, { recursive: true, force: true });
});

/** `warrant serve` run in-process until `stop()`: its URL and what it printed. */
async function serveInProcess(env: Record<string, string | undefined>, args: readonly string[] = []) {
  let stop!: (signal: NodeJS.Signals) => void;
  const stopped = new Promise<NodeJS.Signals>((resolve) => (stop = resolve));
  const run = memoryIo({ WARRANT_API_KEYS: `acme:${testKeys.acme}`, ...env }, dir);
  const io: CliIo = { ...run.io, shutdown: () => stopped };
  const done = runCli(['serve', '--port', '0', ...args], io);
  let line: string | undefined;
  for (let i = 0; i < 600 && !(line = run.stdout.find((l) => l.includes('serving on'))); i++) {
    if (run.code() !== 0) throw new Error(run.stderr.join('\n'));
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!line) throw new Error(`serve did not start: ${run.stderr.join('\n')}`);
  const url = (JSON.parse(line) as { url: string }).url;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { url, run, post, stop: async () => (stop('SIGTERM'), await done) };
}

const MATCH = join(packageRoot(), 'examples', 'suggest', 'match.json');
const NOW = '2026-11-19T21:00:00Z';

/**
 * One environment for every command: models for the probe and the four suggestion skills only,
 * nothing for the turn's tasks. Each command runs once (the store opens twice: slow on a loaded
 * machine), and each test reads what its run did.
 */
const env = {
  WARRANT_DATA_DIR: '',
  WARRANT_MODEL_PROBE: '',
  WARRANT_MODEL_SUGGEST_BURST: '',
  WARRANT_MODEL_SUGGEST_STRATEGY: '',
  WARRANT_MODEL_SUGGEST_DRAFT: '',
  WARRANT_MODEL_SUGGEST_REVIEW: '',
};
const runs: Record<string, { stdout: string[]; stderr: string[]; code: number; requests: typeof model.requests; built: number }> = {};

beforeAll(async () => {
  Object.assign(env, { WARRANT_DATA_DIR: join(dir, 'pgdata') });
  for (const key of Object.keys(env)) if (key.startsWith('WARRANT_MODEL_')) env[key as keyof typeof env] = model.model;
  built.length = 0;
  const commands: [string, string[]][] = [
    [
      'turn',
      [
        'turn',
        '--workflow',
        join(packageRoot(), 'examples', 'trip'),
        '--turn',
        join(packageRoot(), 'examples', 'trip', 'first-turn.json'),
        '--prompts',
        'prompts',
        '--json',
      ],
    ],
    ['suggest', ['suggest', MATCH, '--now', NOW, '--prompts', 'prompts']],
    ['probe', ['probe', '--contract', 'contract.json', '--prompts', 'prompts']],
  ];
  for (const [name, args] of commands) {
    const before = model.requests.length;
    const run = memoryIo(env, dir);
    await runCli(args, run.io);
    runs[name] = { stdout: run.stdout, stderr: run.stderr, code: run.code(), requests: model.requests.slice(before), built: built.length };
  }
  const sidecar = await serveInProcess(env, ['--prompts', 'prompts']);
  try {
    for (const [name, path, body] of [
      ['serve probe', '/v0/reply-contracts/probe', { contract: automotiveContractJson() }],
      ['serve suggestions', '/v0/suggestions', { match: JSON.parse(await readFile(MATCH, 'utf8')), now: NOW }],
    ] as const) {
      const before = model.requests.length;
      const answer = await sidecar.post(path, body);
      runs[name] = { stdout: [JSON.stringify(answer.body)], stderr: [], code: answer.status, requests: model.requests.slice(before), built: built.length };
    }
  } finally {
    await sidecar.stop();
  }
}, 300_000);

describe('one deployment, built once, handed to every command', () => {
  it('serve, turn, suggest and probe each build one deployment from the same environment and prompts, with the same seams', () => {
    expect(built).toHaveLength(4);
    expect([runs.turn!.built, runs.suggest!.built, runs.probe!.built]).toEqual([1, 2, 3]);
    const seams = (d: Deployment) => ({
      understand: typeof d.understand,
      writer: d.writer === undefined,
      skills: d.skills === null,
      paraphrase: typeof d.paraphrase,
      prompts: typeof d.prompts,
      tasks: ['understand', 'answer', 'acknowledge', 'suggest.burst', 'suggest.review', 'probe'].map((t) => d.models.forTask(t).modelId),
    });
    for (const b of built) {
      expect(b.env).toMatchObject(env);
      expect(b.options).toMatchObject({ cwd: dir, promptsDir: 'prompts' });
      expect(seams(b.deployment)).toEqual(seams(built[0]!.deployment));
    }
    expect(seams(built[0]!.deployment)).toEqual({
      understand: 'function',
      writer: true,
      skills: false,
      paraphrase: 'function',
      prompts: 'function',
      tasks: [null, null, null, model.model, model.model, model.model],
    });
    // The same prompt folder reached each command's tasks.
    expect(runs.suggest!.requests[0]?.system).toBe('THE DEPLOYMENT’S OWN BURST PROMPT');
    expect(runs.probe!.requests.map((r) => r.system)).toEqual(['THE DEPLOYMENT’S OWN PROBE PROMPT']);
  });

  it('serve with WARRANT_MODEL_PROBE set wires the probe’s paraphrases into POST /v0/reply-contracts/probe', () => {
    const probe = runs['serve probe']!;
    expect(probe.code).toBe(200);
    expect(probe.stdout[0]).not.toContain('no model is configured');
    expect(probe.requests.map((r) => r.system)).toEqual(['THE DEPLOYMENT’S OWN PROBE PROMPT']);
  });

  it('serve --prompts reaches the suggestion skills too', () => {
    const suggestions = runs['serve suggestions']!;
    expect(suggestions.requests.length).toBeGreaterThan(0);
    expect(suggestions.requests[0]!.system).toBe('THE DEPLOYMENT’S OWN BURST PROMPT');
  });

  it('with only the suggestion skills’ models configured, a turn makes no model call and stands in code’s words with no fallback to report', () => {
    const turn = runs.turn!;
    expect(turn.code).toBe(0);
    const result = JSON.parse(turn.stdout.join('\n'));
    expect(result.evidence.model_calls).toEqual([]);
    expect(result.blocks.at(-1)).toMatchObject({ kind: 'transition', written_by: 'code', fallback_reason: null });
    expect(turn.stderr).toEqual([]);
    expect(turn.requests).toEqual([]);
  });
});
