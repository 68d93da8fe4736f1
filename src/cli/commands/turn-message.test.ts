import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCompletion, startChatServer, type ChatServer } from '../../model/testing.js';
import { turnPrompts } from '../../turn/model/index.js';
import { memoryIo } from '../io.js';
import { runCli } from '../program.js';

/**
 * `warrant turn --message` end to end: the CLI, the runtime, the model layer and the real
 * OpenAI-compatible provider over HTTP, against a chat-completions server on loopback that
 * answers each task by the instructions it was sent.
 */
describe('warrant turn --message', () => {
  let server: ChatServer;
  let baseURL = '';
  let dataDir = '';
  const tasksSeen: string[] = [];
  const answers: Record<string, unknown> = {
    understand: {
      acts: [{ operation: 'start_trip', workflow: 'trip', record: 'trip-rome', values: { destination: 'Rome' } }],
      questions: [],
      disputes: [],
      card_responses: [],
      unread: [],
    },
    'understand.verify': { act_0: { faithful: true, note: '', quote: '' } },
    acknowledge: 'Your trip to Rome is open. Who is traveling?',
    review: {
      asks_the_ask: { passes: true, finding: '' },
      holds_to_material: { passes: true, finding: '' },
    },
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'warrant-turn-message-'));
    server = await startChatServer(({ body }, res) => {
      const { messages } = body as { messages: { role: string; content: string }[] };
      const system = messages.find((m) => m.role === 'system')?.content ?? '';
      const task = Object.keys(turnPrompts).find((t) => system === turnPrompts[t as keyof typeof turnPrompts]) ?? 'unknown';
      tasksSeen.push(task);
      const answer = answers[task];
      sendCompletion(res, typeof answer === 'string' ? answer : JSON.stringify(answer ?? {}));
    });
    baseURL = server.baseURL;
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with a configured model, the message is read, acted on and the reply is the model’s, reviewed', async () => {
    const { io, stdout, stderr, code } = memoryIo({ WARRANT_DATA_DIR: dataDir, WARRANT_MODEL: `openai-compatible:${baseURL}#scripted` });
    await runCli(['turn', '--workflow', 'examples/trip', '--message', 'Start a trip to Rome.', '--conversation', 'rome', '--json'], io);
    expect(stderr).toEqual([]);
    expect(code()).toBe(0);
    const result = JSON.parse(stdout.join('\n'));
    const transition = result.blocks.find((b: { kind: string }) => b.kind === 'transition');
    expect(transition).toMatchObject({ text: 'Your trip to Rome is open. Who is traveling?', written_by: 'writer' });
    expect(result.blocks.filter((b: { kind: string }) => b.kind === 'receipt').map((b: { title: string }) => b.title)).toEqual(['Trip started']);
    expect(tasksSeen).toEqual(['understand', 'understand.verify', 'acknowledge', 'review']);
    expect(result.evidence.model_calls[0]).toMatchObject({
      task: 'understand',
      model_id: `openai-compatible:${baseURL}#scripted`,
      input_tokens: 100,
      outcome: 'ok',
    });
  });

  it('with no model configured, it says what it could not do and answers in code’s words', async () => {
    const { io, stdout, stderr, code } = memoryIo({ WARRANT_DATA_DIR: dataDir });
    await runCli(['turn', '--workflow', 'examples/trip', '--message', 'Start a trip to Oslo.', '--conversation', 'oslo'], io);
    expect(code()).toBe(0);
    expect(stdout.join('\n')).toContain('Start a trip to Oslo.');
    expect(stderr.join('\n')).toContain('the message could not be read (no model is configured; set WARRANT_MODEL)');
  });

  it('refuses --message together with --turn', async () => {
    const { io, stderr, code } = memoryIo({ WARRANT_DATA_DIR: dataDir });
    await runCli(['turn', '--workflow', 'examples/trip', '--message', 'hi', '--turn', 'x.json'], io);
    expect(code()).toBe(2);
    expect(stderr.join('\n')).toContain('--turn');
  });
});
