// A destination's transformation on the dashboard (docs/transformations.md), in Debian's chromium against the real
// API, PostgreSQL and Redis: code written in the editor is tested on the latest event of a subscribed endpoint (the
// transformed request and the logs shown), a failing run shows its cause, then the code is saved as a version,
// activated, marked active and prefilled on the next visit, and detached. Each state passes axe-core, trips no CSP
// and fits 390 px.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium, PAGE_GEOMETRY, screenshots, seriousViolations, VIEWPORTS } from '../helpers/browser.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

const RENAME = `(request) => {
  console.log('amount', request.body.amount_cents);
  const { amount_cents, ...rest } = request.body;
  return { ...request, headers: { ...request.headers, 'x-source': 'relay' }, body: { ...rest, amount: amount_cents / 100 } };
}`;

let h: DeliveryHarness;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
let destination: { id: string };
let event: string;
const cspViolations: string[] = [];
const pageErrors: string[] = [];

const api = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${base}${path}`, { headers: h.tenant.auth });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const endpoint = await h.endpoint({ name: 'Orders' });
  destination = await h.destination('http://127.0.0.1:9/orders', { name: 'Warehouse' });
  await h.subscribe(endpoint.id, destination.id);
  event = await h.send(endpoint.url, '{"type":"order.paid","amount_cents":1250}');

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  page.setDefaultTimeout(15_000);
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
  server?.close();
  await h?.close();
});

async function openDestination(): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#/destinations/${destination.id}?t=${Date.now()}`)}`);
  await page.getByRole('heading', { level: 1, name: 'Warehouse', exact: true }).waitFor();
  await section().waitFor();
}

const section = () => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Transformation', exact: true }) });

/** axe-core, the CSP, uncaught errors, and the page inside a phone's width; then its screenshots. */
async function checkPage(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
  expect({ page: name, csp: cspViolations, errors: pageErrors }).toEqual({ page: name, csp: [], errors: [] });
  await page.setViewportSize(VIEWPORTS.phone);
  try {
    await page.evaluate(PAGE_GEOMETRY);
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

describe('transformations on the dashboard', () => {
  it('tests code written in the editor on the latest event and shows the request it would send, and the logs', async () => {
    await openDestination();
    const transformation = section();
    expect(await transformation.textContent()).toContain('No transformation: deliveries go as captured.');
    expect(await transformation.getByLabel('Code', { exact: true }).inputValue()).toContain('(request) =>');
    expect(await transformation.getByLabel('Test on event').inputValue()).toBe(event);

    await transformation.getByLabel('Code', { exact: true }).fill(RENAME);
    await transformation.getByRole('button', { name: 'Test', exact: true }).click();
    const result = transformation.locator('.transformation-test[data-outcome="send"]');
    await result.waitFor();
    expect(await transformation.locator('.test-result').getAttribute('aria-live')).toBe('polite');
    expect(await result.locator('dl.facts').textContent()).toBe('MethodPOSTURLhttp://127.0.0.1:9/orders');
    expect(await result.locator('pre.headers').textContent()).toBe('content-type: application/json\nx-source: relay');
    expect(JSON.parse((await result.locator('pre.body').textContent()) ?? '')).toEqual({ type: 'order.paid', amount: 12.5 });
    expect(await result.locator('pre.logs').textContent()).toBe('amount 1250');
    await checkPage('transformation-test');
  });

  it('shows why a run fails, with what it logged before, on an event given by id', async () => {
    const transformation = section();
    await transformation.getByLabel('Code', { exact: true }).fill('(request) => { console.log("before"); throw new Error("boom"); }');
    await transformation.getByLabel('Or another event id').fill(event);
    await transformation.getByRole('button', { name: 'Test', exact: true }).click();
    const result = transformation.locator('.transformation-test[data-outcome="failed"]');
    await result.waitFor();
    expect(await result.locator('.form-error').textContent()).toBe('Error: boom');
    expect(await result.locator('pre.logs').textContent()).toBe('before');
    expect(await result.locator('pre.body').count()).toBe(0);
  });

  it('saves the code as a new version, activates it, marks it active, prefills it next time, and detaches', async () => {
    const transformation = section();
    await transformation.getByLabel('Code', { exact: true }).fill(RENAME);
    await transformation.getByRole('button', { name: 'Save as new version' }).click();
    const row = transformation.locator('tr[data-version="1"]');
    await row.waitFor();
    expect(await row.locator('.badge').count()).toBe(0);
    const saved = await api<{ active_version: number | null; data: Array<{ version: number; code: string }> }>(
      `/v1/destinations/${destination.id}/transformations`,
    );
    expect(saved).toMatchObject({ active_version: null, data: [{ version: 1, code: RENAME }] });

    await row.getByRole('button', { name: 'Activate v1' }).click();
    await row.locator('.badge', { hasText: 'active' }).waitFor();
    expect(await transformation.textContent()).toContain('Deliveries run v1.');
    expect(await row.getByRole('button', { name: 'Activate v1' }).count()).toBe(0);
    expect((await api<{ transformation_version: number | null }>(`/v1/destinations/${destination.id}`)).transformation_version).toBe(1);

    await openDestination();
    expect(await section().getByLabel('Code', { exact: true }).inputValue()).toBe(RENAME);
    await section().locator('tr[data-version="1"] .badge', { hasText: 'active' }).waitFor();
    await checkPage('transformation-active');

    await section().getByRole('button', { name: 'Detach', exact: true }).click();
    await page.getByRole('dialog', { name: 'Detach the transformation?' }).getByRole('button', { name: 'Detach' }).click();
    await section().getByText('No transformation: deliveries go as captured.').waitFor();
    expect((await api<{ transformation_version: number | null }>(`/v1/destinations/${destination.id}`)).transformation_version).toBe(null);
    expect(pageErrors).toEqual([]);
  });
});
