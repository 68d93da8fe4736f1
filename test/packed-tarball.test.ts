import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const consumerFiles = fileURLToPath(new URL('./consumer/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'warrant-consumer-'));
const project = join(work, 'host');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a new npm project installing Warrant from its packed tarball', () => {
  it('guards generateText and streamText with one line each, in plain Node, with neither optional peer installed', () => {
    // npm test builds dist/ before the tests run; packing must not rebuild it (prepare) meanwhile.
    expect(existsSync(join(root, 'dist', 'ai-sdk.mjs'))).toBe(true);
    const packed = JSON.parse(run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root)) as { filename: string }[];
    const tarball = join(work, packed[0]!.filename);

    run('mkdir', ['-p', project], work);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
    // Everything comes from npm's cache when it can (this machine's install filled it).
    run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, 'ai@6.0.325'], project);
    expect(existsSync(join(project, 'node_modules', '@openai', 'agents'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', '@langchain', 'core'))).toBe(false);

    copyFileSync(join(consumerFiles, 'guard-ai-sdk.mjs'), join(project, 'guard-ai-sdk.mjs'));
    const fallback = 'Two tickets are shown as available; nothing is reserved yet.';
    expect(JSON.parse(run(process.execPath, ['guard-ai-sdk.mjs'], project))).toEqual({
      generate: fallback,
      generate_status: 'fallback',
      stream: [fallback],
      stream_status: 'fallback',
    });

    // The published types carry the same line through a strict type check.
    copyFileSync(join(consumerFiles, 'guard-ai-sdk.ts'), join(project, 'guard-ai-sdk.ts'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true, types: [] },
        files: ['guard-ai-sdk.ts'],
      }),
    );
    run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
  }, 180_000);
});
