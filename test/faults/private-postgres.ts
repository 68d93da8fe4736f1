import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder on a free port: the fault tests
 * restart and stop it, which they must never do to the shared server on 5432. As root its
 * commands run as the `postgres` user (PostgreSQL refuses to run as root).
 */
export interface PrivatePostgres {
  readonly url: string;
  /** `pg_ctl restart -m fast`: every session ended, the server back once it accepts connections. */
  restart(): Promise<void>;
  /** Stops the cluster and deletes its folder. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL's `bin` folder under /usr/lib/postgresql, or undefined where there is none. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version === undefined ? undefined : join(root, version, 'bin');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'warrant-pg-'));
  const asRoot = userInfo().uid === 0;
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=40`;
    const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', ...args]);
    await pgCtl('start');
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      restart: async () => void (await pgCtl('restart', '-m', 'fast')),
      remove: async () => {
        await as('pg_ctl', ['-D', data, '-w', '-t', '60', 'stop', '-m', 'immediate']).catch(() => {});
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
