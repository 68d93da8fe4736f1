import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Every shell line of the README that puts a command in the background. */
async function backgroundedLines(): Promise<string[]> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((block) => block.split('\n')).filter((line) => /&(\s|$)/.test(line.replace(/&&/g, '')));
}

describe("the README's background-server recipe", () => {
  it('starts node itself, never npx (killing npx leaves its node child running), and keeps its pid to stop it', async () => {
    const lines = await backgroundedLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/\bnpx\b.*&/);
      expect(line).toMatch(/^node bin\/warrant\.mjs serve\b.*& SERVER=\$!/);
    }
  });

  it('run as written (on a free port): `kill $SERVER` stops the server and leaves no process behind', async () => {
    const data = await mkdtemp(join(tmpdir(), 'warrant-recipe-'));
    dirs.push(data);
    // The README's lines, with port 0 and a readiness wait on the server's own announcement.
    const script = `
      node bin/warrant.mjs serve --port 0 > "$LOG" 2>&1 & SERVER=$!
      until grep -q 'serving on' "$LOG"; do kill -0 $SERVER || exit 3; sleep 0.5; done
      echo "$SERVER"
      kill $SERVER; wait $SERVER
      echo "exit $?"
      if kill -0 $SERVER 2>/dev/null; then echo alive; fi
      ps -o pid= --ppid $SERVER || true
    `;
    const { stdout } = await promisify(execFile)('bash', ['-c', script], {
      cwd: root,
      env: {
        ...process.env,
        LOG: join(data, 'serve.log'),
        WARRANT_DATA_DIR: join(data, 'pgdata'),
        DATABASE_URL: '',
        WARRANT_API_KEYS: 'acme:wk_example_key_0123456789',
      },
      timeout: 240_000,
    });
    const [pid, exit, ...rest] = stdout.trim().split('\n');
    expect(Number(pid)).toBeGreaterThan(0);
    expect(exit).toBe('exit 0');
    expect(rest).toEqual([]);
  }, 300_000);
});
