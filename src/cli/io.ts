/** Where a command writes, so tests run commands in-process and read what they printed. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Sets the process exit code (the last non-zero one wins). */
  exitCode(code: number): void;
  /** The environment, read by commands that configure a store or a model. */
  readonly env: Record<string, string | undefined>;
  /** Folder relative paths resolve against. */
  readonly cwd: string;
}

/** The real process's streams and environment. */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
    exitCode: (code) => {
      process.exitCode = code;
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

/** An in-memory io for tests: what was printed, and the exit code. */
export function memoryIo(env: Record<string, string | undefined> = {}, cwd = process.cwd()) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let code = 0;
  const io: CliIo = {
    out: (line) => void stdout.push(line),
    err: (line) => void stderr.push(line),
    exitCode: (c) => {
      if (c !== 0) code = c;
    },
    env,
    cwd,
  };
  return { io, stdout, stderr, code: () => code };
}
