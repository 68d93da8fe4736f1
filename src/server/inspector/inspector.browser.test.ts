import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../../examples/trip/index.js';
import { packageRoot } from '../../package-root.js';
import { openStore, type Database } from '../../store/index.js';
import { listen, type RunningServer } from '../listen.js';
import { launchTestBrowser } from './launch-test-browser.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from '../testing.js';

const artifacts = join(packageRoot(), 'test-artifacts');
let db: Database;
let running: RunningServer;
let browser: Browser;

beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
  const server = await createTestServer(db, { turns: { workflows, locales } });
  running = await listen(server, { port: 0 });
  browser = await launchTestBrowser();
  await mkdir(artifacts, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
  await db?.close();
});

async function verify(candidates: string[]): Promise<string> {
  const res = await fetch(`${running.url}/v0/reply-contracts/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
    body: JSON.stringify({ contract: automotiveContract, candidates }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { effect: { id: string } }).effect.id;
}

describe('inspector in Chromium', () => {
  it('finds a verified effect and highlights each forbidden term at its offsets', async () => {
    await verify([safeAutomotiveCandidate]);
    const id = await verify([unsafeAutomotiveCandidate, `${unsafeAutomotiveCandidate}想購買嗎？`]);

    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(running.url)) external.push(request.url());
    });
    await page.goto(`${running.url}/`);
    await page.fill('#api-key', testKeys.acme);
    await page.click('button[type=submit]');

    const row = page.locator(`#effects tr[data-effect-id="${id}"]`);
    await row.waitFor();
    expect(await page.locator('#effects tbody tr').count()).toBe(2);
    await page.screenshot({ path: join(artifacts, 'inspector-effects.png'), fullPage: true });
    // The status filter narrows the list to what the API returns for it.
    await page.selectOption('#status-filter', 'accepted');
    await page.locator('#effects tbody tr').first().waitFor();
    await page.waitForFunction("document.querySelectorAll('#effects tbody tr').length === 1");
    await page.selectOption('#status-filter', '');
    await row.waitFor();

    await row.click();
    await page.locator('#effect').waitFor();
    const first = page.locator('[data-candidate="0"] mark.forbidden');
    expect(await first.allTextContents()).toEqual(['已經幫您預約', '看車']);
    const second = page.locator('[data-candidate="1"] mark.forbidden');
    expect(await second.allTextContents()).toEqual(['已經幫您預約', '看車', '購買']);
    // The highlighted text is the candidate itself, unchanged, with the marks at the right places.
    expect(await page.locator('[data-candidate="0"] .text').textContent()).toBe(unsafeAutomotiveCandidate);
    expect(await page.locator('[data-candidate="0"] [data-list="missing canonical"] li').allTextContents()).toEqual(['到府估車', '待估車輛']);
    expect(await page.locator('#body-sent').textContent()).toBe(automotiveContract.fallback_body);
    await page.screenshot({ path: join(artifacts, 'inspector-effect.png'), fullPage: true });

    // The key lives in this tab's session storage only; a reload keeps the view without asking again.
    await page.reload();
    await page.locator('#effect').waitFor();
    expect(external).toEqual([]);
    await page.close();
  });

  it('a wrong key is refused and the page asks again', async () => {
    const page = await browser.newPage();
    await page.goto(`${running.url}/inspector`);
    await page.fill('#api-key', 'wk_not_a_real_key_at_all_000');
    await page.click('button[type=submit]');
    await page.getByText('That key was refused.').waitFor();
    expect(await page.evaluate('sessionStorage.getItem("warrant.apiKey")')).toBeNull();
    await page.close();
  });

  it('shows a turn: receipts, answers with statuses, the ask and the final reply', async () => {
    let last: { turn_id: string; blocks: { kind: string; id: string; text?: string; status?: string }[]; ask: { text: string } | null } | undefined;
    for (const turn of englishConversation.slice(0, 3)) {
      const res = await fetch(`${running.url}/v0/turns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify(turn),
      });
      expect(res.status).toBe(200);
      last = (await res.json()) as typeof last;
    }
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${running.url}/inspector`);
    await page.fill('#api-key', testKeys.acme);
    await page.click('button[type=submit]');
    await page.locator('#effects, .card').first().waitFor();
    await page.click('nav a[href="#/turns"]');
    await page.locator('#turns tr[data-turn-id="demo-en-3"]').click();
    await page.locator('#turn').waitFor();
    const transition = last!.blocks.find((b) => b.kind === 'transition')!;
    expect(await page.locator('#final-reply').textContent()).toBe(transition.text);
    const answers = last!.blocks.filter((b) => b.kind === 'answer');
    expect(answers.length).toBeGreaterThan(0);
    expect(await page.locator('[data-section="Answers"] .block').count()).toBe(answers.length);
    expect(await page.locator('[data-section="Answers"] .badge').allTextContents()).toEqual(answers.map((a) => a.status));
    if (last!.ask) expect(await page.locator('#ask').textContent()).toContain(last!.ask.text);
    await page.screenshot({ path: join(artifacts, 'inspector-turn.png'), fullPage: true });

    await page.click('a.back');
    await page.locator('#turns tr[data-turn-id="demo-en-1"]').click();
    await page.locator('#turn').waitFor();
    expect(await page.locator('[data-section="Receipts"] .block').count()).toBeGreaterThan(0);
    await page.close();
  });
});
