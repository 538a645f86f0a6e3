// Failure intelligence on the dashboard, in Debian's chromium against the real API, delivery workers, bulk retry
// runner, PostgreSQL and Redis: a destination whose receiver answers 503 has an issue on the Issues page (named,
// its kind in words), acknowledged and resolved in place, and its open breaker on its page; another is paused and
// resumed, its rate limit and breaker edited, and its dead letters retried in bulk from a preview to done; a
// notification target's signing secret is shown once. Each new page passes axe-core, trips no CSP and fits 390 px.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { BulkRetryRunner } from '../../src/delivery/bulk-retry-runner.js';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium, PAGE_GEOMETRY, screenshots, seriousViolations, VIEWPORTS } from '../helpers/browser.js';
import { bulkRetryRunner, deadLetterPending } from '../helpers/bulk-retry.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const DEAD_LETTERS = 3;

let h: DeliveryHarness;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
let failingReceiver: Receiver;
let healthyReceiver: Receiver;
let runner: BulkRetryRunner;
let down = true;
let warehouse: { id: string };
let archive: { id: string };
const cspViolations: string[] = [];
const pageErrors: string[] = [];

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...h.tenant.auth, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};
type Issue = { id: string; state: string; kind: string; resolved_by: string | null; acknowledged_by: string | null };
type Destination = {
  paused_at: string | null;
  paused_reason: string | null;
  rate_limit: { max: number; per: string } | null;
  breaker: { state: string; failures: number };
};

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness();
  failingReceiver = await startReceiver(() => (down ? { status: 503, body: 'maintenance' } : { status: 200, body: 'ok' }));
  healthyReceiver = await startReceiver();
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Warehouse fails (503): one issue, its breaker opened after two failures.
  const endpoint = await h.endpoint({ name: 'Orders' });
  warehouse = await h.destination(failingReceiver.url, { name: 'Warehouse', breaker: { failures: 2, window_seconds: 0 } });
  await h.subscribe(endpoint.id, warehouse.id);
  await h.send(endpoint.url, '{"order":1}');
  await eventually(async () => {
    const issues = await api<{ data: Issue[] }>(`/v1/issues?destination_id=${warehouse.id}&state=unresolved`);
    expect(issues.data).toHaveLength(1);
    expect(['open', 'half_open']).toContain((await api<Destination>(`/v1/destinations/${warehouse.id}`)).breaker.state);
  }, 60_000);

  // Archive is healthy, with dead letters to retry in bulk: events held while it is paused, then dead-lettered
  // directly (as spent retries would leave them).
  const exports = await h.endpoint({ name: 'Exports' });
  archive = await h.destination(healthyReceiver.url, { name: 'Archive' });
  await h.subscribe(exports.id, archive.id);
  await api(`/v1/destinations/${archive.id}/pause`, { method: 'POST', body: {} });
  for (let n = 1; n <= DEAD_LETTERS; n += 1) await h.send(exports.url, `{"archived":${n}}`);
  expect(await deadLetterPending(h, archive.id)).toBe(DEAD_LETTERS);
  await api(`/v1/destinations/${archive.id}/resume`, { method: 'POST', body: {} });
  runner = bulkRetryRunner(h, { chunk: 1 });
  runner.start();

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  page.setDefaultTimeout(30_000);
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Events', exact: true }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runner?.close();
  server?.close();
  await failingReceiver?.close();
  await healthyReceiver?.close();
  await h?.close();
});

const nav = () => page.getByRole('navigation', { name: 'Sections' });

async function open(hash: string, heading: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** axe-core, the CSP, uncaught errors, and the page inside a phone's width; then its screenshots. */
async function checkPage(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
  expect({ page: name, csp: cspViolations, errors: pageErrors }).toEqual({ page: name, csp: [], errors: [] });
  await page.setViewportSize(VIEWPORTS.phone);
  try {
    await page.evaluate(PAGE_GEOMETRY);
    // Charts redraw at the new width when their ResizeObserver fires: wait for the layout to settle.
    const fits = await eventually(async () => {
      const found = { page: name, ...((await page.evaluate('relayMisfits()')) as object) };
      expect(found).toEqual({ page: name, scroll: 0, outside: [] });
      return found;
    }, 10_000);
    expect(fits).toEqual({ page: name, scroll: 0, outside: [] });
  } finally {
    await page.setViewportSize(VIEWPORTS.desktop);
  }
  await screenshots(page, name);
}

const section = (heading: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

describe('failure intelligence on the dashboard', () => {
  it('shows a failing destination’s open breaker in words and its unresolved issue on its page', async () => {
    await open(`#/destinations/${warehouse.id}`, 'Warehouse');
    const state = section('Delivery state');
    const breaker = state.locator('#breaker-state');
    await breaker
      .locator('.badge')
      .getByText(/^(open|half-open)$/)
      .waitFor();
    expect(await breaker.textContent()).toMatch(/^(open the queue waits for the next probe|half-open a probe is due)/);
    expect(await state.textContent()).toMatch(/Failures in a row[1-9]/);
    expect(await state.locator('dt:text-is("Failing since") + dd time').count()).toBe(1);
    expect(await state.locator('.badge', { hasText: 'held by the breaker' }).count()).toBe(1);
    const issues = section('Unresolved issues');
    await issues.locator('li.issue').getByRole('heading', { name: 'HTTP 5xx' }).waitFor();
    expect(await issues.getByRole('link', { name: 'All issues of this destination' }).getAttribute('href')).toBe(
      `#/issues?destination_id=${warehouse.id}&state=all`,
    );
    await checkPage('failure-destination');
  });

  it('lists the issue on the Issues page with its destination by name, and counts it in the navigation', async () => {
    await nav()
      .getByRole('link', { name: /^Issues/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    // One unresolved issue, counted beside the section's name (read when the page is shown).
    await nav().getByRole('link', { name: 'Issues 1 unresolved', exact: true }).waitFor();
    const card = page.locator('li.issue').filter({ has: page.getByRole('link', { name: 'Warehouse', exact: true }) });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Warehouse', exact: true }).getAttribute('href')).toBe(`#/destinations/${warehouse.id}`);
    const text = await card.textContent();
    expect(text).toContain('HTTP 5xx');
    expect(text).toContain('HTTP 503');
    expect(text).toContain('maintenance');
    expect(await card.getByRole('link', { name: /Open the delivery/ }).getAttribute('href')).toMatch(/^#\/deliveries\/[0-9a-f-]{36}$/);
    await checkPage('issues');
  });

  it('acknowledges and resolves the issue in place, without reloading the page', async () => {
    const hash = await page.evaluate('location.hash');
    const card = page.locator('li.issue').filter({ has: page.getByRole('link', { name: 'Warehouse', exact: true }) });
    const issueId = await card.getAttribute('data-issue-id');
    await card.getByRole('button', { name: 'Acknowledge' }).click();
    await card.locator('.badge', { hasText: 'acknowledged' }).waitFor();
    expect(await card.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    expect(await card.getAttribute('data-issue-id')).toBe(issueId);
    await card.getByRole('button', { name: 'Resolve' }).click();
    await card.locator('.badge', { hasText: 'resolved' }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await page.evaluate('location.hash')).toBe(hash);
    const issue = await api<Issue>(`/v1/issues/${issueId}`);
    expect(issue).toMatchObject({ state: 'resolved', resolved_by: expect.stringMatching(/^api_key:/) });
    // Recovered: no new issue opens behind the resolved one while the other tests run.
    down = false;
  });

  it('pauses a destination with a reason and resumes it', async () => {
    await open(`#/destinations/${archive.id}`, 'Archive');
    const state = section('Delivery state');
    await state.locator('#breaker-state').getByText('closed', { exact: true }).waitFor();
    expect(await state.locator('#breaker-state').textContent()).toBe('closed deliveries flow');
    await state.getByLabel('Reason', { exact: true }).fill('deploying');
    await state.getByRole('button', { name: 'Pause', exact: true }).click();
    await section('Delivery state').getByRole('button', { name: 'Resume' }).waitFor();
    expect(await section('Delivery state').textContent()).toContain('deploying');
    expect(await section('Delivery state').locator('.badge', { hasText: 'paused' }).count()).toBe(1);
    expect(await api<Destination>(`/v1/destinations/${archive.id}`)).toMatchObject({
      paused_at: expect.any(String),
      paused_reason: 'deploying',
    });
    await section('Delivery state').getByRole('button', { name: 'Resume' }).click();
    await section('Delivery state').getByRole('button', { name: 'Pause', exact: true }).waitFor();
    expect(await section('Delivery state').locator('.badge', { hasText: 'sending' }).count()).toBe(1);
    expect(await api<Destination>(`/v1/destinations/${archive.id}`)).toMatchObject({ paused_at: null, paused_reason: null });
  });

  it('saves a rate limit and a breaker setting through the settings form and shows them', async () => {
    const settings = page.locator('form', { has: page.getByRole('button', { name: 'Save', exact: true }) });
    await settings.getByLabel('Deliveries at most').fill('10');
    await settings.getByLabel('Per', { exact: true }).selectOption('minute');
    await settings.getByLabel('Failures in a row').fill('3');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await section('Delivery state').getByText('at most 10 deliveries per minute').waitFor();
    expect(await section('Delivery state').textContent()).toContain('3 failures in a row');
    expect(
      await page
        .locator('form', { has: page.getByRole('button', { name: 'Save', exact: true }) })
        .getByLabel('Deliveries at most')
        .inputValue(),
    ).toBe('10');
    const saved = await api<Destination>(`/v1/destinations/${archive.id}`);
    expect(saved.rate_limit).toEqual({ max: 10, per: 'minute' });
    expect(saved.breaker.failures).toBe(3);
  });

  it('previews a bulk retry of the dead letters, starts it, and shows its progress until done', async () => {
    const retry = section('Retry dead letters');
    await retry.getByRole('button', { name: 'Preview' }).click();
    await retry.getByText(`${DEAD_LETTERS} deliveries of ${DEAD_LETTERS} events`, { exact: false }).waitFor();
    const before = healthyReceiver.received.length;
    await retry.getByRole('button', { name: `Retry ${DEAD_LETTERS} dead letters` }).click();
    const row = retry.locator('tr[data-bulk-retry-id]').first();
    await row.waitFor();
    await row.locator('.badge', { hasText: 'done' }).waitFor({ timeout: 90_000 });
    expect(await row.textContent()).toContain(`${DEAD_LETTERS} of ${DEAD_LETTERS}`);
    expect(await row.locator('progress').getAttribute('value')).toBe(String(DEAD_LETTERS));
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await healthyReceiver.waitFor(before + DEAD_LETTERS, 60_000);
    await checkPage('failure-destination-bulk-retry');
  });

  it('cancels a bulk retry that has not run yet, in place', async () => {
    // No runner from now on: the job stays queued until cancelled.
    await runner.close();
    const retry = section('Retry dead letters');
    await retry.getByRole('button', { name: 'Preview' }).click();
    await retry.getByRole('button', { name: `Retry ${DEAD_LETTERS} dead letters` }).click();
    const row = retry.locator('tr[data-bulk-retry-id]').first();
    await row.locator('.badge', { hasText: 'queued' }).waitFor();
    const id = await row.getAttribute('data-bulk-retry-id');
    await row.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = retry.locator(`tr[data-bulk-retry-id="${id}"]`);
    await cancelled.locator('.badge', { hasText: 'cancelled' }).waitFor();
    expect(await cancelled.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await api<{ state: string }>(`/v1/bulk-retries/${id}`)).toMatchObject({ state: 'cancelled' });
  });

  it('creates a notification target, shows its signing secret once, tests, turns off and deletes it', async () => {
    await nav().getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications', exact: true }).waitFor();
    const create = section('New target');
    await create.getByLabel('URL or address').fill(`${healthyReceiver.url}/alerts`);
    await create.getByLabel('Description').fill('On-call');
    await create.getByRole('button', { name: 'Add target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification signing secret' });
    const secret = await dialog.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'On-call' });
    await row.waitFor();
    expect(await row.textContent()).toContain('whsec_…');
    expect(await page.locator('main').textContent()).not.toContain(secret);
    expect(await page.locator(`input[value="${secret}"]`).count()).toBe(0);

    await row.getByRole('button', { name: 'Send test' }).click();
    await section('Recent notifications').getByRole('row').filter({ hasText: 'notification.test' }).waitFor();
    await checkPage('notifications');
    await page.getByRole('row').filter({ hasText: 'On-call' }).getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('row').filter({ hasText: 'On-call' }).locator('.badge', { hasText: 'off' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'On-call' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete On-call?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No targets yet: nothing is announced.').waitFor();
    expect((await api<{ data: unknown[] }>('/v1/notification-targets')).data).toEqual([]);
  });
});
