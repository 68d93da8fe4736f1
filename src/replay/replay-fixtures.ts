import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { InputError, isWarrantErrorNamed, WarrantError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { ReplayOutcome, Replayer } from './replayer.js';

/** A fixture path that could not be replayed at all (missing, unreadable, unknown kind). */
export class FixtureError extends WarrantError {
  constructor(message: string) {
    super('input', message);
    this.name = 'FixtureError';
  }
  /** True for any `FixtureError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is FixtureError {
    return isWarrantErrorNamed(error, 'FixtureError');
  }
}

/** The folder of the built-in recorded scenarios. */
export function builtInFixtures(): string {
  return join(packageRoot(), 'fixtures');
}

/** How far a replay run is when an outcome arrives: `done` of `total` fixture files. */
export interface ReplayProgress {
  readonly done: number;
  readonly total: number;
}

/**
 * Replays every fixture file under `paths` (files or folders; default: all built-in ones) with
 * the replayer of its `fixture_kind` among `replayers` (`builtInReplayers()` for Warrant's own), in
 * path order, calling `onOutcome` as each finishes (with how far the run is) so long runs show progress. A fixture that
 * cannot be read (bad JSON, unknown kind, refused by its replayer's schema) throws
 * {@link FixtureError} naming the file.
 */
export async function replayFixtures(
  paths: readonly string[] = [builtInFixtures()],
  { onOutcome, replayers }: { onOutcome?: (outcome: ReplayOutcome, progress: ReplayProgress) => void; replayers: readonly Replayer[] },
): Promise<ReplayOutcome[]> {
  const byKind = new Map(replayers.map((r) => [r.kind, r]));
  const files = (await Promise.all(paths.map((p) => listJson(resolve(p))))).flat();
  const outcomes: ReplayOutcome[] = [];
  for (const file of files) {
    let fixture: unknown;
    try {
      fixture = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new FixtureError(`${relative(process.cwd(), file)}: not valid JSON: ${(error as Error).message}`);
    }
    const kind = (fixture as { fixture_kind?: unknown } | null)?.fixture_kind;
    const replayer = typeof kind === 'string' ? byKind.get(kind) : undefined;
    if (!replayer) {
      throw new FixtureError(
        `${relative(process.cwd(), file)}: $.fixture_kind is ${JSON.stringify(kind)}; known kinds: ${[...byKind.keys()].join(', ') || 'none'}`,
      );
    }
    let outcome: ReplayOutcome;
    try {
      outcome = await replayer.replay(fixture, file);
    } catch (error) {
      // A replayer refuses a fixture it cannot read with parseInput's InputError; naming the
      // file is done here, once, for every kind.
      if (InputError.isInstance(error)) throw new FixtureError(`${relative(process.cwd(), file)}: ${error.message}`);
      throw error;
    }
    outcomes.push(outcome);
    onOutcome?.(outcome, { done: outcomes.length, total: files.length });
  }
  return outcomes;
}

async function listJson(path: string): Promise<string[]> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    throw new FixtureError(`${path}: no such file or folder`);
  }
  if (info.isFile()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
