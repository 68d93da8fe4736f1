import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { CliIo } from './io.js';

/** The file argument that means standard input, as in most Unix tools. */
export const STDIN_PATH = '-';

/** Which subject read stdin first, per io: stdin can be read once, so a second `-` is refused by name. */
const stdinReaders = new WeakMap<Pick<CliIo, 'cwd'>, string>();

/**
 * Reads a file a command was pointed at, resolved against the command's working folder; `-`
 * reads standard input instead (once per run: a second `-` is refused, naming both arguments,
 * rather than silently reading nothing). A file that cannot be read is the caller's mistake: an
 * {@link InputError} about `subject` saying which file and why (`ENOENT`, `EACCES`), never a
 * stack trace.
 */
export async function readInputFile(io: Pick<CliIo, 'cwd' | 'readStdin'>, path: string, subject: string): Promise<string> {
  if (path === STDIN_PATH) {
    const first = stdinReaders.get(io);
    if (first !== undefined)
      throw new InputError(subject, [{ path: '$', message: `- (standard input) is already read for the ${first}; give this one as a file` }]);
    if (io.readStdin === undefined) throw new InputError(subject, [{ path: '$', message: 'cannot read - (no standard input here)' }]);
    stdinReaders.set(io, subject);
    return io.readStdin();
  }
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(subject, [{ path: '$', message: `cannot read ${path} (${reason})` }]);
  }
}
