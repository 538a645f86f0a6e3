// What people look at first: a destination's health over the last day (deliveries, success rate, latency, the last
// failure with a link to it, the queue) and event volume per hour on the endpoint page, as the relay counts them
// (GET /v1/destinations/{id}/health, /v1/endpoints/{id}/volume), drawn by uPlot on a canvas under the dashboard's
// CSP, with the same numbers as a table. Real delivery workers, a local receiver that fails on demand.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium, seriousViolations } from '../helpers/browser.js';
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
const cspViolations: string[] = [];
const pageErrors: string[] = [];

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
  }, 60_000);
  await eventually(async () => {
    const answer = (await (await fetch(`${base}/v1/deliveries?state=succeeded`, { headers: h.tenant.auth })).json()) as { data: unknown[] };
    if (answer.data.length < 3) throw new Error('not all delivered yet');
  }, 60_000);

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await receiver?.close();
  await h?.close();
});

/** The numbers of a chart's table ("As a table"): each column after "When", summed. */
async function chartTotals(caption: string): Promise<number[]> {
  const figure = page.locator('figure', { has: page.getByRole('img', { name: caption }) });
  const rows = await figure
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => Number(td.textContent))));
  expect(rows.length).toBeGreaterThanOrEqual(24);
  return rows.reduce(
    (sums, row) => sums.map((sum, column) => sum + (row[column] ?? 0)),
    rows[0]!.map(() => 0),
  );
}

/**
 * Polls an expression in the page until it is true. (page.waitForFunction with text evaluates it with eval() in the
 * page when it polls, which the dashboard's CSP refuses; page.evaluate goes through the devtools protocol.)
 */
async function waitInPage(expression: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The chart was drawn by uPlot (waited for: it draws after it is laid out), and nothing tripped the CSP or axe-core. */
async function expectDrawn(caption: string): Promise<void> {
  // Some pixel of the chart's canvas is painted.
  await waitInPage(`(() => {
    const figure = [...document.querySelectorAll('figure')].find((f) => f.querySelector('figcaption')?.textContent === ${JSON.stringify(caption)});
    const canvas = figure?.querySelector('.chart canvas');
    if (!canvas || !canvas.width) return false;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] > 0) return true;
    return false;
  })()`);
  expect({ violations: await seriousViolations(page) }).toEqual({ violations: [] });
  expect({ csp: cspViolations, errors: pageErrors }).toEqual({ csp: [], errors: [] });
}

describe('destination health and volume over time', () => {
  it("shows a destination's success rate, its deliveries, latency and last failure linked to that delivery", async () => {
    await page.evaluate(`location.hash = '#/destinations/${destination.id}'`);
    await page.getByRole('heading', { level: 2, name: 'Health, last 24 hours' }).waitFor();
    expect(await page.locator('#success-rate').textContent()).toBe('75.0 %');
    expect(await page.getByText('4 (3 succeeded, 1 dead-lettered, 0 retrying, 0 pending)').count()).toBe(1);
    const failure = page.locator('#last-failure');
    expect(await failure.getByRole('link').getAttribute('href')).toBe(`#/deliveries/${deadLetterId}`);
    expect(await failure.textContent()).toContain('503');
    expect(await page.getByText(/^median \d/).count()).toBe(1);
    expect(await page.locator('#backlog').textContent()).toBe('0');
    const [succeeded, failed] = await chartTotals('Delivery attempts per hour, last 24 hours');
    expect(succeeded).toBe(3);
    expect(failed).toBeGreaterThanOrEqual(1);
    await expectDrawn('Delivery attempts per hour, last 24 hours');
  });

  it('shows the events an endpoint captured per hour over the last day, by verification state', async () => {
    await page.evaluate(`location.hash = '#/endpoints/${endpoint.id}'`);
    await page.getByRole('heading', { level: 2, name: 'Events, last 24 hours' }).waitFor();
    expect(await page.locator('#volume-total').textContent()).toBe('4 events captured: 0 verified, 0 failed, 4 unattempted, 0 pending.');
    expect(await chartTotals('Events captured per hour, last 24 hours')).toEqual([0, 4, 0, 0]);
    await expectDrawn('Events captured per hour, last 24 hours');
  });

  it('draws a chart that was laid out while still detached, once it joins the page', async () => {
    // A view builds its sections while other requests are still out (the endpoint page waits for its secrets): a
    // rendering frame can pass before the chart is in the document. That must not stop it from drawing later.
    await page.evaluate(`(async () => {
      const { stackedBarChart } = await import('/dashboard/charts.js');
      const figure = stackedBarChart({
        caption: 'Built before it was placed',
        starts: [new Date(Date.now() - 3600000), new Date()],
        bucketLabel: (start) => start.toISOString(),
        layers: [{ label: 'Captured', colour: 'ok', values: [2, 5] }],
      });
      for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      document.querySelector('main').append(figure);
    })()`);
    await expectDrawn('Built before it was placed');
  });

  it('redraws a chart at the width of a phone, inside its card', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const chart = page.getByRole('img', { name: 'Events captured per hour, last 24 hours' });
    await waitInPage(`(() => {
      const canvas = document.querySelector('figure .chart canvas');
      return canvas !== null && canvas.getBoundingClientRect().width <= 390;
    })()`);
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
