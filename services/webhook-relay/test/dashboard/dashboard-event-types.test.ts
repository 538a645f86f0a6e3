// Event types in the dashboard (docs/event-types.md): the endpoint page's catalog with counts and first/last seen,
// the type in the event list and a filter by it, and a page per custom type whose schema is edited there and which
// lists the events that do not validate.
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
let endpoint: { id: string; url: string };
let badEventId: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  endpoint = await h.endpoint({ name: 'Payments', provider: 'stripe' });
  await h.send(endpoint.url, '{"type":"invoice.paid","data":{"amount":100}}');
  await h.send(endpoint.url, '{"type":"invoice.paid","data":{"amount":200}}');
  badEventId = await h.send(endpoint.url, '{"type":"invoice.paid","data":{"amount":"lots"}}');
  await h.send(endpoint.url, '{"type":"customer.created"}');

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

describe('event types in the dashboard', () => {
  it("shows the endpoint's event types with their counts", async () => {
    await page.goto(`${base}/dashboard/#/endpoints/${endpoint.id}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Event types' }) });
    await section.locator('tr[data-event-type="invoice.paid"]').waitFor();
    const rows = await section
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['invoice.paid', '3'],
      ['customer.created', '1'],
    ]);
  });

  it('shows the type in the event list and filters by it', async () => {
    await page.goto(`${base}/dashboard/#/events?event_type=customer.created`);
    await page.locator('#events-table tbody tr').first().waitFor();
    const types = await page.locator('#events-table tbody td.event-type').allTextContents();
    expect(types).toEqual(['customer.created']);
  });

  it('adds a type with a schema, lists the events that do not validate, and takes an edited schema', async () => {
    await page.goto(`${base}/dashboard/#/event-types`);
    await page.getByRole('heading', { name: 'Event types', exact: true }).waitFor();
    await page.getByLabel('Name').fill('invoice.paid');
    await page
      .getByLabel('JSON Schema')
      .fill('{"type":"object","properties":{"data":{"type":"object","properties":{"amount":{"type":"integer"}}}}}');
    await page.getByRole('button', { name: 'Add event type' }).click();
    await page.getByRole('heading', { name: /Event type invoice\.paid/ }).waitFor();
    await page.locator(`tr[data-event-id="${badEventId}"]`).waitFor();
    expect(
      await page
        .locator('section', { has: page.getByRole('heading', { name: 'Events that do not validate' }) })
        .locator('tbody tr')
        .count(),
    ).toBe(1);

    await page.goto(`${base}/dashboard/#/events/${badEventId}`);
    await expect(page.locator('#schema-check').textContent()).resolves.toContain('does not validate: /data/amount must be integer');

    await page.goBack();
    await page.getByLabel('JSON Schema').fill('{"type":"object"}');
    await page.getByRole('button', { name: 'Save schema' }).click();
    await page.locator('#no-failing-events').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
