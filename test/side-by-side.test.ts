import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSideBySide } from '../scripts/side-by-side.mjs';

const node = process.execPath;
const script = (name: string, source: string) => ({ name, command: node, args: ['-e', source] });

describe("npm test's checks run side by side (scripts/side-by-side.mjs)", () => {
  it('runs every step at once, and reports each one in the order given with its code and all it printed', async () => {
    // Each step waits until the other has started: one after the other, neither would end.
    const marker = join(tmpdir(), `side-by-side-${process.pid}-${Date.now()}`);
    const waitFor = (mine: string, theirs: string) =>
      `const fs = require('node:fs'); fs.writeFileSync('${marker}.${mine}', ''); const t = Date.now();` +
      `while (!fs.existsSync('${marker}.${theirs}')) { if (Date.now() - t > 20000) process.exit(9); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); }` +
      `console.log('${mine} out'); console.error('${mine} err'); fs.rmSync('${marker}.${theirs}', { force: true }); process.exit(${mine === 'a' ? 0 : 3});`;
    const results = await runSideBySide([script('a', waitFor('a', 'b')), script('b', waitFor('b', 'a'))]);
    expect(results.map(({ name, code, output }) => [name, code, output.split('\n').sort().join('|')])).toEqual([
      ['a', 0, '|a err|a out'],
      ['b', 3, '|b err|b out'],
    ]);
    expect(results.every((r) => r.ms >= 0)).toBe(true);
  }, 60_000);

  it('reports a command that cannot start as a failed step, without failing the others', async () => {
    const results = await runSideBySide([{ name: 'missing', command: '/no/such/command', args: [] }, script('fine', 'process.exit(0)')]);
    expect(results[0]).toMatchObject({ name: 'missing', code: null });
    expect(results[0]!.output).toContain('ENOENT');
    expect(results[1]).toMatchObject({ name: 'fine', code: 0 });
  });
});
