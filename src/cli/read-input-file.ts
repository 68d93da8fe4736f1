import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { CliIo } from './io.js';

/**
 * Reads a file a command was pointed at, resolved against the command's working folder. A file
 * that cannot be read is the caller's mistake: an {@link InputError} about `subject` saying which
 * file and why (`ENOENT`, `EACCES`), never a stack trace.
 */
export async function readInputFile(io: Pick<CliIo, 'cwd'>, path: string, subject: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(subject, [{ path: '$', message: `cannot read ${path} (${reason})` }]);
  }
}
