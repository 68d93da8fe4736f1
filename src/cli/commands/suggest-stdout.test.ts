import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCompletion, startChatServer, type ChatServer } from '../../model/testing.js';
import { packageRoot } from '../../package-root.js';
import { loadFixture } from '../../suggest/testing.js';

const run = promisify(execFile);
const root = packageRoot();
const outputs = loadFixture('en-active-reply-happy-path').model_outputs!;
// Each skill's built-in instructions open with words that name it; the server answers by them.
const skillByInstructions: [string, string][] = [
  ['You read the latest burst', 'suggest.burst'],
  ['You plan replies', 'suggest.strategy'],
  ['Draft one copy-ready reply', 'suggest.draft'],
  ['Review each candidate reply', 'suggest.review'],
];

let server: ChatServer;
const asked: string[] = [];
beforeAll(async () => {
  server = await startChatServer((request, res) => {
    const prompt = JSON.stringify(request.body.messages);
    const task = skillByInstructions.find(([opening]) => prompt.includes(opening))?.[1];
    asked.push(task ?? 'unknown');
    if (!task) return void res.writeHead(500).end('{}');
    sendCompletion(res, JSON.stringify(outputs[task as keyof typeof outputs]![0]));
  });
});
afterAll(() => server.close());

describe('warrant suggest through a real OpenAI-compatible provider', () => {
  it('suggest: --json prints exactly the result on stdout; the AI SDK’s warnings go to stderr', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        join(root, 'bin', 'warrant.mjs'),
        'suggest',
        'match.json',
        '--wiki',
        'wiki.json',
        '--profile',
        'profile.json',
        '--now',
        '2026-11-19T21:00:00Z',
        '--json',
      ],
      {
        cwd: join(root, 'examples', 'suggest'),
        env: { PATH: process.env.PATH, WARRANT_MODEL: `openai-compatible:${server.baseURL}#scripted` },
        timeout: 120_000,
      },
    );
    expect(asked).toEqual(['suggest.burst', 'suggest.strategy', 'suggest.draft', 'suggest.review']);
    // The whole of stdout is one JSON document: the four-property result, nothing before or after.
    const result = JSON.parse(stdout);
    expect(Object.keys(result).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
    expect(result.resultType).toBe('suggestions');
    expect(stdout).not.toContain('AI SDK');
    expect(stderr).toContain('model warning');
  }, 180_000);
});
