import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_6, AI_7, NODE_22, NODE_24, PEERS_LOWEST, PEERS_NEWEST } from './consumer/versions.js';

/**
 * The README's compatibility table says what the consumer tests install (test/consumer/
 * versions.ts) and what package.json declares, so neither can change without the table. That
 * each tested version is inside its declared range is proved by the installs themselves: npm
 * refuses a peer outside the range (ERESOLVE).
 */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  peerDependencies: Record<string, string>;
};

/** The table's row whose first cell starts with `label`, its cells unescaped. */
function row(label: string): string[] {
  const section = readme.slice(readme.indexOf('### Compatibility'));
  const line = section.split('\n').find((l) => l.startsWith(`| ${label}`));
  if (line === undefined) throw new Error(`the compatibility table has no row ${label}`);
  return line
    .replaceAll('\\|', '\u0000')
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.replaceAll('\u0000', '|').trim());
}
const versionOf = (spec: string) => spec.slice(spec.lastIndexOf('@') + 1);

describe("the README's compatibility table", () => {
  it('Node: the engines range and the releases the consumer tests run', () => {
    const [, supported, tested] = row('Node');
    expect(supported).toBe(`\`${manifest.engines.node}\``);
    expect(tested).toContain(NODE_22);
    expect(tested).toContain(NODE_24);
  });

  it.each([
    ['`ai` (peer)', 'ai', [...AI_6, ...AI_7]],
    ['`@ai-sdk/provider` (peer)', '@ai-sdk/provider', []],
    ['`@openai/agents` (optional peer)', '@openai/agents', [PEERS_LOWEST[0], PEERS_NEWEST[0]]],
    ['`@langchain/core` (optional peer)', '@langchain/core', [PEERS_LOWEST[1], PEERS_NEWEST[1]]],
    ['`tsx` (optional peer)', 'tsx', []],
  ] as const)('%s: its range in package.json and every version installed beside the tarball', (label, name, installed) => {
    const [, supported, tested] = row(label);
    expect(supported).toBe(`\`${manifest.peerDependencies[name]}\``);
    for (const spec of installed) expect(tested).toContain(versionOf(spec));
  });
});
