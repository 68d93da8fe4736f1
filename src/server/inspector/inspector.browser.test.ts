import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../../examples/trip/index.js';
import { createModels } from '../../model/index.js';
import { packageRoot } from '../../package-root.js';
import { createModelUnderstand } from '../../turn/model/index.js';
import type { Database } from '../../store/index.js';
import { openMemoryStore } from '../../store/testing.js';
import { listen, type RunningServer } from '../listen.js';
import { ticketContractJson } from '../../adapters/adapter-test-contracts.js';
import { launchTestBrowser } from './launch-test-browser.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from '../testing.js';

const artifacts = join(packageRoot(), 'test-artifacts');
let db: Database;
let running: RunningServer;
let browser: Browser;

beforeAll(async () => {
  db = await openMemoryStore();
  // An understand step with no model configured: a turn sent as a message is committed unread,
  // a model failure the Turns view can filter on (turns sent with an understanding never call it).
  const understand = createModelUnderstand({ models: createModels({}) });
  const server = await createTestServer(db, { turns: { workflows, locales, understand } });
  running = await listen(server, { port: 0 });
  browser = await launchTestBrowser();
  await mkdir(artifacts, { recursive: true });
  // A fresh machine unpacks Chromium on first use, on a store that is starting too: give it time.
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await running?.close();
  await db?.close();
});

/**
 * Waits until `expression` is true in the page, polling from here. `page.waitForFunction` would
 * evaluate a string inside the page, which the inspector's Content Security Policy (no
 * `unsafe-eval`) refuses whenever the first look is not already true.
 */
async function until(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function verify(candidates: string[], contract: unknown = automotiveContract): Promise<string> {
  const res = await fetch(`${running.url}/v0/reply-contracts/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
    body: JSON.stringify({ contract, candidates }),
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
    // The row says why it fell back: the first candidate's first violation.
    expect(await row.locator('td.why').getAttribute('data-code')).toBe('forbidden_term_present');
    expect(await row.locator('td.why .term').textContent()).toBe('「看車」');
    await page.screenshot({ path: join(artifacts, 'inspector-effects.png'), fullPage: true });
    // The status filter narrows the list to what the API returns for it, and the address keeps it.
    await page.selectOption('#filter-status', 'accepted');
    await until(page, "document.body.dataset.shown === '#/effects?status=accepted' && document.querySelectorAll('#effects tbody tr').length === 1");
    await page.click('#filters button[type=button]');
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
    // The turns list filters by conversation, kept in the address too.
    await page.goto(`${running.url}/inspector#/turns?conversation=nobody`);
    await page.locator('#empty').waitFor();
    await page.goto(`${running.url}/inspector#/turns?conversation=demo-en`);
    await page.locator('#turns tr[data-turn-id="demo-en-1"]').click();
    await page.locator('#turn').waitFor();
    expect(await page.locator('[data-section="Receipts"] .block').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('filters by interaction kind, time and text; the address holds them, so a shared link opens the same view', async () => {
    const ticket = await verify(['Great news, we RESERVED two tickets for you!'], ticketContractJson());
    const page = await signedIn({ width: 1200, height: 900 });
    await page.fill('#filter-kind', 'ticket_inventory');
    await page.fill('#filter-text', 'reserved TWO');
    await page.click('#filters button[type=submit]');
    await until(page, "location.hash.startsWith('#/effects?')");
    const params = new URLSearchParams(((await page.evaluate('location.hash')) as string).split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({ kind: 'ticket_inventory', text: 'reserved TWO' });
    await until(page, "document.querySelectorAll('#effects tbody tr').length === 1");
    expect(await page.locator('#effects tbody tr').getAttribute('data-effect-id')).toBe(ticket);
    // The text filter ignores case; v0 contracts do not, so this candidate's first violation is the missing sentence.
    expect(await page.locator('#effects tbody tr td.why').textContent()).toBe('missing must_include 「nothing is reserved」');
    expect(await page.locator('#main').textContent()).not.toContain('null');
    const shared = page.url();

    // Someone else opens the shared address: the same filters, filled in, and the same rows.
    const other = await signedIn({ width: 1200, height: 900 }, shared);
    await other.locator(`#effects tr[data-effect-id="${ticket}"]`).waitFor();
    expect(await other.locator('#effects tbody tr').count()).toBe(1);
    expect(await other.inputValue('#filter-kind')).toBe('ticket_inventory');
    expect(await other.inputValue('#filter-text')).toBe('reserved TWO');
    await other.screenshot({ path: join(artifacts, 'inspector-effects-filtered.png'), fullPage: true });

    // Time: a window that ended before anything was verified holds nothing; one around now holds the row.
    await other.fill('#filter-until', '2000-01-01T00:00');
    await other.click('#filters button[type=submit]');
    await other.locator('#empty').waitFor();
    expect((await other.evaluate('location.hash')) as string).toContain('until=2000-01-01T');
    await other.fill('#filter-until', '');
    await other.fill('#filter-since', '2000-01-01T00:00');
    await other.click('#filters button[type=submit]');
    await other.locator(`#effects tr[data-effect-id="${ticket}"]`).waitFor();
    // The detail's back link returns to the filtered list.
    await other.locator(`#effects tr[data-effect-id="${ticket}"]`).click();
    await other.locator('#effect').waitFor();
    await other.click('a.back');
    await until(other, "location.hash.includes('kind=ticket_inventory')");
    await page.close();
    await other.close();
  });

  it('a suggestions tab lists stored results with why they stopped, and shows one with its gates', async () => {
    const match = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as {
      match: unknown;
      wiki: unknown;
      profile: unknown;
      now: string;
    };
    const res = await fetch(`${running.url}/v0/suggestions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({ match: match.match, wiki: match.wiki, profile: match.profile, now: match.now }),
    });
    expect(res.status).toBe(200);
    const stored = (await res.json()) as { id: string; result: { resultType: string; analysisSummary: string }; evidence: { gates: unknown[] } };
    const page = await signedIn({ width: 1200, height: 900 });
    await page.click('nav a[href="#/suggestions"]');
    const row = page.locator(`#suggestions tr[data-suggestion-id="${stored.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(stored.result.analysisSummary);
    await page.screenshot({ path: join(artifacts, 'inspector-suggestions.png'), fullPage: true });
    await row.click();
    await page.locator('#suggestion').waitFor();
    expect(await page.locator('#result-type').textContent()).toBe(stored.result.resultType);
    expect(await page.locator('[data-section="Gates"] .block').count()).toBe(stored.evidence.gates.length);
    await page.screenshot({ path: join(artifacts, 'inspector-suggestion.png'), fullPage: true });
    // Its filter is in the address like the others.
    await page.goto(`${running.url}/inspector#/suggestions?type=close`);
    await page.locator('#empty').waitFor();
    await page.close();
  });

  it("the header names the key's tenant; times carry their zone, and time filters say which zone they read", async () => {
    await verify([safeAutomotiveCandidate]);
    const page = await signedIn({ width: 1200, height: 900 }, `${running.url}/inspector`, 'Asia/Tokyo');
    await until(page, "document.getElementById('tenant').textContent === 'tenant acme'");
    const time = page.locator('#effects tbody tr time').first();
    await time.waitFor();
    const iso = (await time.getAttribute('datetime'))!;
    expect(Number.isNaN(Date.parse(iso))).toBe(false);
    // Tokyo is UTC+9 all year: the zone is named, and the hour shown is Tokyo's.
    expect(await time.textContent()).toMatch(/GMT\+9|JST/);
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));
    expect(await time.textContent()).toContain(String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0'));
    expect(await page.locator('label[for="filter-since"]').textContent()).toContain('(Asia/Tokyo)');
    // Another key, another tenant in the header.
    await page.click('#forget');
    await page.fill('#api-key', testKeys.beta);
    await page.click('button[type=submit]');
    await until(page, "document.getElementById('tenant').textContent === 'tenant beta'");
    await page.close();
  });

  it('turns filter by a model failure, a fallback and text, and each row is flagged', async () => {
    // A message with no model configured cannot be read: a model failure (understanding_failure no_model).
    const res = await fetch(`${running.url}/v0/turns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({ turn_id: 'unread-1', conversation_id: 'unread', locale: 'en', message: 'Please move my Zanzibar trip' }),
    });
    expect(res.status).toBe(200);
    const page = await signedIn({ width: 1200, height: 900 }, `${running.url}/inspector#/turns`);
    await page.locator('#turns tr[data-turn-id="unread-1"]').waitFor();
    expect(await page.locator('#turns tr[data-turn-id="unread-1"] [data-flag="model_failure"]').count()).toBe(1);
    await page.selectOption('#filter-model_failure', 'true');
    // The unfiltered list stays on screen until the filtered one arrives: wait for the page to say it shows it.
    await until(page, "document.body.dataset.shown === '#/turns?model_failure=true' && !!document.querySelector('#turns tr[data-turn-id=\"unread-1\"]')");
    expect(await page.locator('#turns tbody tr').evaluateAll((rows) => rows.every((r) => r.querySelector('[data-flag="model_failure"]')))).toBe(true);
    await page.goto(`${running.url}/inspector#/turns?text=zanzibar`);
    // (The model-failure view before it shows the same one row: wait for the text filter's own view.)
    await until(
      page,
      "document.getElementById('filter-text')?.value === 'zanzibar' && document.querySelectorAll('#turns tbody tr').length === 1 && !!document.querySelector('#turns tr[data-turn-id=\"unread-1\"]')",
    );
    expect(await page.inputValue('#filter-model_failure')).toBe('');
    // No writer is configured here, so no reply fell back to code's words.
    await page.goto(`${running.url}/inspector#/turns`);
    // A hash change keeps the page: wait for the unfiltered view's own form (the text filter
    // emptied), not the text view's rows still on screen, or the selection reads the old text.
    await until(page, "document.getElementById('filter-text')?.value === '' && document.querySelectorAll('#turns tbody tr').length > 1");
    await page.selectOption('#filter-fallback', 'true');
    await page.locator('#empty').waitFor();
    expect(await page.evaluate('location.hash')).toBe('#/turns?fallback=true');
    await page.close();
  });

  it('a record with a trace id links to the trace, which lists every record of it: effect ↔ turn ↔ suggestion', async () => {
    const effectId = await verify([safeAutomotiveCandidate]);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const page = await signedIn({ width: 1200, height: 900 });
    // The records as a server that stores trace ids serves them: this effect and the demo's first turn share one trace.
    const withTrace = (match: (item: { id?: string }) => boolean) => async (route: import('playwright-core').Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items?: { id?: string }[]; id?: string; effect?: { id?: string } };
      const tag = (x: { id?: string } | undefined) => (x && match(x) ? Object.assign(x, { trace_id: traceId }) : x);
      body.items?.forEach(tag);
      tag(body);
      tag(body.effect);
      await route.fulfill({ response, json: body });
    };
    await page.route(
      /\/v0\/effects/,
      withTrace((x) => x.id === effectId),
    );
    await page.route(
      /\/v0\/turns/,
      withTrace((x) => x.id === 'demo-en-1'),
    );
    await page.goto(`${running.url}/inspector#/effects/${effectId}`);
    await page.locator('#effect-trace a.trace').click();
    await page.locator('#trace').waitFor();
    await page.locator(`[data-trace-item="${effectId}"]`).waitFor();
    expect(await page.locator('[data-section="Turns"] [data-trace-item]').allTextContents()).toEqual([expect.stringContaining('demo-en-1')]);
    await page.locator('[data-trace-item="demo-en-1"] a').click();
    await page.locator('#turn').waitFor();
    expect(await page.locator('#turn-trace a.trace').getAttribute('data-trace-id')).toBe(traceId);
    // As the server serves it: the effect links to the trace of the request that stored it.
    await page.unrouteAll();
    await page.goto(`${running.url}/inspector#/effects/${effectId}`);
    await page.reload();
    await page.locator('#effect').waitFor();
    const stored = await page.locator('#effect-trace a.trace').getAttribute('data-trace-id');
    expect(stored).toMatch(/^[0-9a-f]{32}$/);
    expect(stored).not.toBe(traceId);
    await page.close();
  });

  it('is usable at 390 px wide: nothing scrolls sideways, rows stack, filters and details fit', async () => {
    const page = await signedIn({ width: 390, height: 844 });
    const fits = async (name: string) => {
      const widths = (await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as [number, number];
      expect(widths[0], name).toBeLessThanOrEqual(widths[1]);
      await page.screenshot({ path: join(artifacts, `inspector-390-${name}.png`), fullPage: true });
    };
    const row = page.locator('#effects tbody tr').first();
    await row.waitFor();
    // Stacked: each cell is labelled, the header row is hidden.
    expect(await page.locator('#effects thead').isVisible()).toBe(false);
    expect(await row.locator('td[data-label="Why"]').count()).toBe(1);
    await fits('effects');
    await row.click();
    await page.locator('#effect').waitFor();
    await fits('effect');
    await page.goto(`${running.url}/inspector#/turns`);
    await page.locator('#turns tbody tr').first().click();
    await page.locator('#turn').waitFor();
    await fits('turn');
    await page.goto(`${running.url}/inspector#/suggestions`);
    await page.locator('#suggestions tbody tr').first().click();
    await page.locator('#suggestion').waitFor();
    await fits('suggestion');
    await page.close();
  });
});

/** A page with the key entered, at `url` (default: the inspector's first view). */
async function signedIn(viewport: { width: number; height: number }, url = `${running.url}/inspector`, timezoneId?: string) {
  const page = await browser.newPage({ viewport, ...(timezoneId ? { timezoneId } : {}) });
  await page.goto(`${running.url}/inspector`);
  await page.fill('#api-key', testKeys.acme);
  await page.click('button[type=submit]');
  await page.locator('#main .card').first().waitFor();
  if (url !== `${running.url}/inspector`) {
    await page.goto(url);
    await page.reload();
  }
  return page;
}
