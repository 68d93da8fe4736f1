import { access, constants } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: used when a machine has it, because it is already unpacked and has the system's fonts. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep a headless Chromium from reaching the network on its own or needing a sandbox (containers run as root). */
const QUIET_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Which Chromium a test browser is, and where its binary is. */
export interface BrowserChoice {
  /** `system`: Debian's `/usr/bin/chromium`; `npm`: the binary shipped in `@sparticuz/chromium`. */
  readonly source: 'system' | 'npm';
  readonly executablePath: string;
  readonly args: readonly string[];
}

/**
 * Chooses the Chromium for browser tests: `/usr/bin/chromium` when present, otherwise the one
 * inside the `@sparticuz/chromium` devDependency (unpacked on first use to the temp folder), so
 * a fresh machine's `npm install && npm test` needs nothing installed by hand and no browser
 * test is ever skipped. `systemPath` is a parameter so the fallback can be tested on a machine
 * that has Debian's Chromium.
 */
export async function chooseTestBrowser(systemPath: string = SYSTEM_CHROMIUM): Promise<BrowserChoice> {
  if (await isExecutable(systemPath)) return { source: 'system', executablePath: systemPath, args: QUIET_FLAGS };
  // Loaded only here: it is a devDependency, and unpacking it takes seconds.
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // Its `--single-process` suits one page per serverless call; here a test opens and closes many
  // pages, and in one process closing a page's context takes the whole browser down with it.
  const args = packaged.args.filter((flag) => flag !== '--single-process');
  return { source: 'npm', executablePath, args: [...args, ...QUIET_FLAGS.filter((flag) => !args.includes(flag))] };
}

/** Launches the Chromium {@link chooseTestBrowser} picks, headless, under `playwright-core`. */
export async function launchTestBrowser(choice?: BrowserChoice): Promise<Browser> {
  const { executablePath, args } = choice ?? (await chooseTestBrowser());
  return chromium.launch({ executablePath, args: [...args], headless: true });
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
