import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};

/** Runs an ES module in plain Node (no TypeScript loader), as a consumer of the package would. */
function runPlainNode(source: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
  });
}

describe('the published package', () => {
  it.each(Object.keys(manifest.exports).filter((k) => k !== './package.json'))('subpath %s imports in plain Node from the build', (subpath) => {
    const specifier = subpath === '.' ? 'warrant' : `warrant/${subpath.slice(2)}`;
    const out = runPlainNode(`const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length);`);
    expect(Number(out.trim())).toBeGreaterThan(0);
  });

  it('warrant/contract governs a reply in plain Node: the unsafe automotive candidate gets the fallback', () => {
    const out = runPlainNode(`
      import { readFileSync } from 'node:fs';
      import { governReply, readContract, relayBody } from 'warrant/contract';
      const { contract } = readContract(JSON.parse(readFileSync('examples/contracts/automotive-seller-valuation.json', 'utf8')));
      const effect = governReply(contract, ['沒問題，已經幫您預約明天下午兩點看車。']);
      console.log(JSON.stringify({ status: effect.status, body: relayBody(effect) === contract.fallbackBody }));
    `);
    expect(JSON.parse(out)).toEqual({ status: 'fallback', body: true });
  });

  it("warrant/contract loads zod only when a schema is needed, and then the host's own: a sound contract is read without it", () => {
    // zod marks its first load on globalThis (its config and registry, shared by every copy).
    const out = runPlainNode(`
      import { readFileSync } from 'node:fs';
      const zodLoaded = () => '__zod_globalConfig' in globalThis;
      const { governReply, readContract, replyContractSchema } = await import('warrant/contract');
      const seen = { imported: zodLoaded() };
      const { contract } = readContract(JSON.parse(readFileSync('examples/contracts/automotive-seller-valuation.json', 'utf8')));
      governReply(contract, ['沒問題']);
      seen.soundRead = zodLoaded();
      try { readContract({ contract_version: 'v2' }); } catch (error) { seen.refused = error.message.split('\\n').slice(0, 3); }
      seen.refusedRead = zodLoaded();
      const { z } = await import('zod');
      seen.hostZod = replyContractSchema instanceof z.ZodObject && z.toJSONSchema(z.object({ c: replyContractSchema })).properties.c.$ref;
      console.log(JSON.stringify(seen));
    `);
    expect(JSON.parse(out)).toEqual({
      imported: false,
      soundRead: false,
      refused: ['reply contract refused:', '  $.contract_version: contract_version must be "v0" or "v1"', '  $.interaction_kind: required'],
      refusedRead: true,
      hostZod: '#/$defs/ReplyContract',
    });
  });

  it('the build carries source maps: with --enable-source-maps a stack trace from it names the source file and line', () => {
    const stack = (flags: string[]) =>
      execFileSync(
        process.execPath,
        [
          ...flags,
          '--input-type=module',
          '-e',
          `import { readContract } from 'warrant/contract'; try { readContract({}); } catch (e) { console.log(e.stack.split('\\n').filter((l) => l.trim().startsWith('at ')).slice(0, 2).join('\\n')); }`,
        ],
        {
          cwd: new URL('..', import.meta.url),
          encoding: 'utf8',
        },
      );
    expect(stack(['--enable-source-maps'])).toMatch(/at readContract \(.*src\/contract\/read-contract\.ts:\d+:\d+\)/);
    // Without the flag the same frame is in a bundle chunk: the check above can tell them apart.
    expect(stack([])).toMatch(/at readContract \(.*dist\/[\w-]+\.mjs:\d+:\d+\)/);
  });

  it('warrant/store opens the embedded PostgreSQL from the build: its worker thread starts from dist/, beside the chunk', () => {
    // A CommonJS eval with a dynamic import: the worker inherits Node's flags, and --input-type
    // (which runPlainNode passes) is refused in a worker.
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `import('warrant/store').then(async ({ openStore }) => { const db = await openStore({ dataDir: ':memory:' }); const [row] = await db.query('select 6 * 7 as answer'); await db.close(); console.log(JSON.stringify(row)); })`,
      ],
      { cwd: new URL('..', import.meta.url), encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual({ answer: 42 });
  }, 120_000);
});
