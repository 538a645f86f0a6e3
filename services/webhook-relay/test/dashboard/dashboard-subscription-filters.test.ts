// Subscription filters in the dashboard (docs/filters.md): the subscription form's filter box with a Dry run that
// shows which of the endpoint's last events match, the filter in the subscriptions table, and `filtered` deliveries.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium } from '../helpers/browser.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

let h: DeliveryHarness;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
let destination: { id: string };
const events: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const endpoint = await h.endpoint({ name: 'Orders' });
  events.push(await h.send(endpoint.url, '{"type":"order.paid","amount":50}'));
  events.push(await h.send(endpoint.url, '{"type":"order.paid","amount":500}'));
  destination = await h.destination('http://127.0.0.1:9/orders');

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await h?.close();
});

describe('subscription filters in the dashboard', () => {
  it('dry-runs the filter on the endpoint’s last events, then subscribes with it', async () => {
    await page.goto(`${base}/dashboard/#/destinations/${destination.id}`);
    await page.getByRole('heading', { name: 'Subscriptions', exact: true }).waitFor();
    await page.getByLabel('Filter').fill('{"body.amount": {"$gt": 100}}');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText('1 matched, 1 would be filtered').waitFor();
    const results = await page
      .locator('.dry-run tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-event-id'), row.querySelector('.badge')?.textContent]));
    expect(results).toEqual([
      [events[1], 'matched'],
      [events[0], 'filtered'],
    ]);

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('cell', { name: '{"body.amount":{"$gt":100}}' }).waitFor();
  });

  it('shows a filter that is not JSON as an error in place, and lists filtered deliveries by state', async () => {
    await page.goto(`${base}/dashboard/#/destinations/${destination.id}`);
    await page.getByLabel('Filter').fill('{body.amount');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(/Filter: not JSON/).waitFor();

    await page.goto(`${base}/dashboard/#/deliveries?state=filtered`);
    await expect(page.locator('select[name="state"] option[value="filtered"]').textContent()).resolves.toBe('Filtered out');
    expect(pageErrors).toEqual([]);
  });
});
