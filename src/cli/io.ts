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
  /**
   * Reads the whole of standard input, for a file argument given as `-`. Absent: there is no
   * standard input to read (a caller embedding the CLI), and `-` is refused as input.
   */
  readonly readStdin?: () => Promise<string>;
  /**
   * Whether stdout is a terminal a person watches. Only then do long commands add progress
   * (`replay`'s `n/N`); piped into a file or a script, stdout carries the result alone. Default false.
   */
  readonly interactive?: boolean;
  /**
   * Resolves when a serving command (`serve`, `start`) should drain and stop. Default: the first
   * SIGTERM or SIGINT the process gets; a test or an embedding caller hands in its own.
   */
  readonly shutdown?: () => Promise<NodeJS.Signals>;
}

/** The real process's streams and environment. */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    exitCode: (code) => {
      process.exitCode = code;
    },
    env: process.env,
    cwd: process.cwd(),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    interactive: process.stdout.isTTY === true,
  };
}

/**
 * An in-memory io for tests: what was printed, and the exit code. `stdin` is what `-` reads
 * (none by default: `-` is then refused); `interactive` pretends stdout is a terminal.
 */
export function memoryIo(
  env: Record<string, string | undefined> = {},
  cwd = process.cwd(),
  { stdin, interactive = false }: { stdin?: string; interactive?: boolean } = {},
) {
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
    ...(stdin === undefined ? {} : { readStdin: async () => stdin }),
    interactive,
  };
  return { io, stdout, stderr, code: () => code };
}
