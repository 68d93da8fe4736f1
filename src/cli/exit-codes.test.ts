import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, InputError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { StoreError } from '../store/index.js';
import { memoryIo } from './io.js';
import { buildProgram, runCli } from './program.js';

describe("warrant: the exit code and message come from the error's fault alone", () => {
  let dir: string;
  let germanTrip: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-faults-'));
    // The trip workflow declared for German, which no server sentence and no workflow text has.
    germanTrip = join(dir, 'german-trip.ts');
    const trip = join(packageRoot(), 'examples/trip/index.ts');
    await writeFile(germanTrip, `export { workflows } from ${JSON.stringify(trip)};\nexport const locales = ['en', 'de'];\n`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['turn', ['turn', '--workflow', 'GERMAN', '--turn', 'examples/trip/first-turn.json']],
    ['serve', ['serve', '--port', '0', '--workflow', 'GERMAN']],
  ])(
    'a locale missing its sentences is a configuration error for `warrant %s`: named, exit 2, no stack',
    async (_name, args) => {
      const run = memoryIo({ WARRANT_DATA_DIR: join(dir, `pgdata-${_name}`), WARRANT_API_KEYS: '', DATABASE_URL: '' }, packageRoot());
      await runCli(
        args.map((a) => (a === 'GERMAN' ? germanTrip : a)),
        run.io,
      );
      const stderr = run.stderr.join('\n');
      expect(run.code()).toBe(2);
      expect(stderr).toMatch(/^warrant: configuration: /);
      expect(stderr).toContain(' in de');
      expect(stderr).not.toContain('a bug');
      expect(stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );

  it.each([
    [new InputError('turn input', [{ path: '$.x', message: 'required' }]), 2, 'warrant: turn input refused'],
    [new ConfigurationError('two workflows share the key trip'), 2, 'warrant: configuration: two workflows share the key trip'],
    [new StoreError('cannot open /data: locked'), 1, 'warrant: store: cannot open /data: locked'],
  ])('%s → exit %i', async (error, code, message) => {
    const run = memoryIo({}, packageRoot());
    const program = await buildProgram(run.io);
    program.command('fail').action(() => {
      throw error;
    });
    await runCli(['fail'], run.io, program);
    expect(run.code()).toBe(code);
    expect(run.stderr.join('\n')).toContain(message);
  });

  it('anything else is a bug, shown with its stack', async () => {
    const run = memoryIo({}, packageRoot());
    const program = await buildProgram(run.io);
    program.command('fail').action(() => {
      throw new TypeError('undefined is not a function');
    });
    await runCli(['fail'], run.io, program);
    expect(run.code()).toBe(1);
    expect(run.stderr.join('\n')).toMatch(/unexpected failure \(a bug\): TypeError: undefined is not a function\n\s+at /);
  });
});
