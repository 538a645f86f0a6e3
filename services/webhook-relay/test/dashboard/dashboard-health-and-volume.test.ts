// What people look at first: a destination's health over the last day (deliveries, success rate, time to
// deliver, the last failure with a link to it) and event volume per hour on the endpoint and destination pages,
// from the deliveries and events the API lists. Real delivery workers, a local receiver that fails on demand.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium } from '../helpers/browser.js';
import { eventually, FAST_POLICY, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let h: DeliveryHarness;
let receiver: Receiver;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
let failing = false;
let endpoint: { id: string; url: string };
let destination: { id: string };
let deadLetterId: string;

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ policy: FAST_POLICY });
  receiver = await startReceiver(() => (failing ? { status: 503, body: 'down' } : { status: 200, body: 'ok' }));
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  endpoint = await h.endpoint({ name: 'Orders' });
  destination = await h.destination(`${receiver.url}/hooks`, { name: 'Warehouse' });
  await h.subscribe(endpoint.id, destination.id, { states: ['unattempted'] });
  await h.workers?.reconcile();
  for (const n of [1, 2, 3]) await h.send(endpoint.url, `{"order":${n}}`);
  await receiver.waitFor(3);
  failing = true;
  await h.send(endpoint.url, '{"order":4}');
  deadLetterId = await eventually(async () => {
    const answer = (await (await fetch(`${base}/v1/deliveries?state=dead_lettered`, { headers: h.tenant.auth })).json()) as {
      data: Array<{ id: string }>;
    };
    if (!answer.data[0]) throw new Error('not dead-lettered yet');
    return answer.data[0].id;
  });
  await eventually(async () => {
    const answer = (await (await fetch(`${base}/v1/deliveries?state=succeeded`, { headers: h.tenant.auth })).json()) as { data: unknown[] };
    if (answer.data.length < 3) throw new Error('not all delivered yet');
  });

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await receiver?.close();
  await h?.close();
});

/** The numbers of a chart's table ("As a table"), summed. */
async function chartTotal(caption: string): Promise<number> {
  const figure = page.locator('figure', { has: page.getByRole('img', { name: caption }) });
  const cells = await figure.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(cells).toHaveLength(24);
  return cells.reduce((sum, cell) => sum + Number(cell), 0);
}

describe('destination health and volume over time', () => {
  it("shows a destination's success rate, its deliveries and its last failure linked to that delivery", async () => {
    await page.evaluate(`location.hash = '#/destinations/${destination.id}'`);
    await page.getByRole('heading', { level: 2, name: 'Health, last 24 hours' }).waitFor();
    expect(await page.locator('#success-rate').textContent()).toBe('75.0 %');
    expect(await page.getByText('4 (3 succeeded, 1 dead-lettered, 0 pending)').count()).toBe(1);
    const failure = page.locator('#last-failure');
    expect(await failure.getByRole('link').getAttribute('href')).toBe(`#/deliveries/${deadLetterId}`);
    expect(await failure.textContent()).toContain('503');
    expect(await page.getByText(/^median \d/).count()).toBe(1);
    expect(await chartTotal('Deliveries per hour, last 24 hours')).toBe(4);
  });

  it('shows the events an endpoint captured per hour over the last day', async () => {
    await page.evaluate(`location.hash = '#/endpoints/${endpoint.id}'`);
    await page.getByRole('heading', { level: 2, name: 'Events, last 24 hours' }).waitFor();
    expect(await page.getByText('4 events captured.').count()).toBe(1);
    expect(await chartTotal('Events captured per hour, last 24 hours')).toBe(4);
  });
});
