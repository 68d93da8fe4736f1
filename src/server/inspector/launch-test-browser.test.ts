import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseTestBrowser, launchTestBrowser } from './launch-test-browser.js';

const scratch = await mkdtemp(join(tmpdir(), 'warrant-browser-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the test browser', () => {
  it('a machine with Debian’s Chromium uses it', async () => {
    const fake = join(scratch, 'chromium');
    await writeFile(fake, '#!/bin/sh\n');
    await chmod(fake, 0o755);
    expect(await chooseTestBrowser(fake)).toMatchObject({ source: 'system', executablePath: fake });
  });

  it('a fresh machine without it unpacks the Chromium of @sparticuz/chromium, which launches and renders', async () => {
    const choice = await chooseTestBrowser(join(scratch, 'no-such-chromium'));
    expect(choice.source).toBe('npm');
    const browser = await launchTestBrowser(choice);
    try {
      // Several pages one after another, as the inspector's tests open them.
      for (const label of ['first', 'second']) {
        const page = await browser.newPage();
        await page.setContent(`<button id="b">${label}</button><output id="o"></output><script>b.onclick = () => (o.textContent = b.textContent)</script>`);
        await page.click('#b');
        expect(await page.textContent('#o')).toBe(label);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});
