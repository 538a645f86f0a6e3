// People and things by name: the audit log's actors and targets and the Agents page's triggers name the key,
// endpoint or destination (linked to its page) with the id kept beside it, and the session's own key as "you".
// Debian's chromium against the real API, PostgreSQL and Redis.
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
let endpoint: { id: string };
let destination: { id: string };
let keyName: string;

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint = await h.endpoint({ name: 'Orders' });
  destination = await h.destination('https://receiver.example.test/hooks', { name: 'Warehouse' });
  const keys = (await (await fetch(`${base}/v1/api-keys`, { headers: h.tenant.auth })).json()) as { data: Array<{ name: string }> };
  keyName = keys.data[0]!.name;
  await fetch(`${base}/v1/triggers/wait`, {
    method: 'POST',
    headers: { ...h.tenant.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint_id: endpoint.id, trigger: 'orders-inbox' }),
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
  await h?.close();
});

describe('names, not UUIDs', () => {
  it('names the audit log’s targets with a link to their page and their id beside them', async () => {
    await page.evaluate(`location.hash = '#/audit'`);
    const created = page.getByRole('row').filter({ hasText: 'endpoint.created' });
    const link = created.getByRole('link', { name: 'Orders', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/endpoints/${endpoint.id}`);
    expect(await created.textContent()).toContain(endpoint.id);
    const destinationLink = page.getByRole('row').filter({ hasText: 'destination.created' }).getByRole('link', { name: 'Warehouse' });
    expect(await destinationLink.getAttribute('href')).toBe(`#/destinations/${destination.id}`);
  });

  it('names the audit log’s actor by its key, as "you" for the key this session signed in with', async () => {
    const signedIn = page.getByRole('row').filter({ hasText: 'dashboard.signed_in' });
    const actor = signedIn.getByRole('link', { name: `you (key ${keyName})` });
    await actor.waitFor();
    expect(await actor.getAttribute('href')).toBe('#/keys');
  });

  it('names a trigger’s endpoint on the Agents page, linked, with its id', async () => {
    await page.evaluate(`location.hash = '#/agents'`);
    const row = page.getByRole('row').filter({ hasText: 'orders-inbox' });
    const link = row.getByRole('link', { name: 'Orders', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/endpoints/${endpoint.id}`);
    expect(await row.textContent()).toContain(endpoint.id);
  });
});
