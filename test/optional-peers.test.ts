import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  dependencies: Record<string, string>;
};
const PEERS = ['@openai/agents', '@langchain/core'];

/**
 * Runs `source` in plain Node with a resolve hook that refuses the adapters' peers, as if the
 * host had installed neither. Returns what the process printed, or its error.
 */
function runWithoutPeers(source: string): { ok: boolean; out: string } {
  const hook = `
    const peers = ${JSON.stringify(PEERS)};
    export async function resolve(specifier, context, next) {
      if (peers.some((p) => specifier === p || specifier.startsWith(p + '/'))) throw new Error('peer loaded: ' + specifier);
      return next(specifier, context);
    }`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  try {
    const out = execFileSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', source], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, out };
  } catch (error) {
    return { ok: false, out: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe('the adapters are optional peers', () => {
  it('@openai/agents and @langchain/core are optional peer dependencies, never dependencies', () => {
    for (const peer of PEERS) {
      expect(manifest.peerDependencies[peer]).toBeDefined();
      expect(manifest.peerDependenciesMeta[peer]?.optional).toBe(true);
      expect(manifest.dependencies[peer]).toBeUndefined();
    }
  });

  it.each(['warrant/contract', 'warrant', 'warrant/ai-sdk'])('importing %s loads neither peer', (specifier) => {
    const run = runWithoutPeers(`const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length > 0);`);
    expect(run).toEqual({ ok: true, out: 'true\n' });
  });

  it.each([
    ['warrant/agents', '@openai/agents'],
    ['warrant/langchain', '@langchain/core'],
  ])('%s does load its peer (so the check above can see a peer load)', (specifier, peer) => {
    const run = runWithoutPeers(`await import(${JSON.stringify(specifier)});`);
    expect(run.ok).toBe(false);
    expect(run.out).toContain(`peer loaded: ${peer}`);
  });
});
