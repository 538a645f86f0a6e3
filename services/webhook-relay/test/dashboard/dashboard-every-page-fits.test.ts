// Every page of the dashboard, with data on it, at phone (390 px) and desktop (1280 px) width: no horizontal
// scroll, and every visible element's box lies inside the viewport's width and inside its card (a button cut
// off inside a table's scroll area or a form wider than its card fails); at phone width the navigation is behind a menu button
// and the header stays one line. Each page is photographed at both widths into test-artifacts/screenshots/ (CI
// keeps them as an artifact, for review).
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium, PAGE_GEOMETRY, VIEWPORTS } from '../helpers/browser.js';
import { eventually, FAST_POLICY, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { insertAgentGrant } from '../helpers/mcp-agent.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const SCREENSHOTS = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

let h: DeliveryHarness;
let receiver: Receiver;
let failingReceiver: Receiver;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
const pages: Array<[name: string, hash: string, heading: string | RegExp]> = [];

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ policy: FAST_POLICY });
  receiver = await startReceiver(() => ({ status: 200, body: 'ok' }));
  failingReceiver = await startReceiver(() => ({ status: 503, body: 'upstream unavailable: the warehouse is being migrated tonight' }));
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  page.setDefaultTimeout(15_000);

  // Something on every page: an endpoint with a secret, an event, a destination subscribed to it and its
  // delivery, a second API key, an agent and a trigger.
  const endpoint = await h.endpoint({ name: 'Stripe payments with a long name', provider: 'stripe' });
  const auth = { ...h.tenant.auth, 'content-type': 'application/json' };
  await fetch(`${base}/v1/endpoints/${endpoint.id}/secrets`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ secret: 'whsec_layout_test', label: 'Primary secret' }),
  });
  const destination = await h.destination(`${receiver.url}/a/rather/long/path/for/the/receiver`, { name: 'Local receiver' });
  await h.subscribe(endpoint.id, destination.id, { states: ['verified', 'failed', 'unattempted'] });
  await h.workers?.reconcile();
  const eventId = await h.send(endpoint.url, '{"id":"evt_layout","type":"invoice.paid"}');
  await receiver.waitFor(1);
  const deliveryId = await eventually(async () => {
    const answer = (await (await fetch(`${base}/v1/deliveries`, { headers: h.tenant.auth })).json()) as { data: Array<{ id: string }> };
    if (!answer.data[0]) throw new Error('no delivery yet');
    return answer.data[0].id;
  });
  // A destination that fails, for an issue on the Issues page.
  const failing = await h.destination(failingReceiver.url, { name: 'Warehouse being migrated' });
  await h.subscribe(endpoint.id, failing.id, { states: ['verified', 'failed', 'unattempted'] });
  await h.send(endpoint.url, '{"id":"evt_failing","type":"invoice.paid"}');
  await eventually(async () => {
    const answer = (await (await fetch(`${base}/v1/issues?destination_id=${failing.id}`, { headers: h.tenant.auth })).json()) as {
      data: unknown[];
    };
    if (!answer.data[0]) throw new Error('no issue yet');
  });
  await fetch(`${base}/v1/api-keys`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'CI key' }) });
  await insertAgentGrant(h.context, h.tenant.tenantId, 'Support agent');
  await fetch(`${base}/v1/notification-targets`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ kind: 'webhook', url: `${receiver.url}/relay-alerts/with/a/long/path`, description: 'On-call channel' }),
  });
  await fetch(`${base}/v1/triggers/wait`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ endpoint_id: endpoint.id, trigger: 'support-inbox' }),
  });
  pages.push(
    ['events', '#/events', 'Events'],
    ['event', `#/events/${eventId}`, /^Event /],
    ['endpoints', '#/endpoints', 'Endpoints'],
    ['endpoint', `#/endpoints/${endpoint.id}`, 'Stripe payments with a long name'],
    ['destinations', '#/destinations', 'Destinations'],
    ['destination', `#/destinations/${destination.id}`, 'Local receiver'],
    ['deliveries', '#/deliveries', 'Deliveries'],
    ['delivery', `#/deliveries/${deliveryId}`, /^Delivery/],
    ['dead-letters', '#/dead-letters', 'Dead letters'],
    ['issues', '#/issues?state=all', 'Issues'],
    ['notifications', '#/notifications', 'Notifications'],
    ['audit', '#/audit', 'Audit log'],
    ['agents', '#/agents', 'Agents'],
    ['keys', '#/keys', 'API keys & usage'],
  );
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await receiver?.close();
  await failingReceiver?.close();
  await h?.close();
});

interface Misfit {
  element: string;
  left: number;
  right: number;
}

/** The visible elements whose box reaches outside the viewport's width or its card, and how far the page scrolls sideways. */
async function misfits(): Promise<{ scroll: number; outside: Misfit[] }> {
  await page.evaluate(PAGE_GEOMETRY);
  return page.evaluate('relayMisfits()') as Promise<{ scroll: number; outside: Misfit[] }>;
}

async function photograph(name: string, width: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A confirmation toast ("Signed in") would land mid-page in a full-page picture: wait until it has gone.
  await page.locator('#notices .notice').first().waitFor({ state: 'detached' });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
}

async function open(hash: string, heading: string | RegExp): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('every dashboard page fits a phone and a desktop', () => {
  it('keeps the sign-in page inside the viewport at both widths', async () => {
    await page.goto(`${base}/dashboard/`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      expect({ page: 'sign-in', label, ...(await misfits()) }).toEqual({ page: 'sign-in', label, scroll: 0, outside: [] });
      await photograph('sign-in', `${size.width}`);
    }
    await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
  });

  for (const [label, size] of Object.entries(VIEWPORTS))
    it(`keeps every element of every page inside the viewport at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      const found: Array<{ page: string; scroll: number; outside: Misfit[] }> = [];
      for (const [name, hash, heading] of pages) {
        await open(hash, heading);
        found.push({ page: name, ...(await misfits()) });
        await photograph(name, `${size.width}`);
      }
      expect({ label, pages: found.filter((entry) => entry.scroll > 0 || entry.outside.length > 0) }).toEqual({ label, pages: [] });
    });

  it('puts the navigation behind a menu button at phone width, in a one-line header', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await open('#/endpoints', 'Endpoints');
    const header = page.locator('header.top');
    const height = (await header.boundingBox())?.height ?? 0;
    expect(height).toBeLessThan(64);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Destinations', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Destinations', exact: true }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
  });
});
