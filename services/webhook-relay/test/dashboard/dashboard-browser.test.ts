// The dashboard in Debian's chromium (playwright-core) against the real API, ingest listener, delivery workers,
// PostgreSQL and Redis: sign in with an API key, create an endpoint with a Stripe secret, watch a signed webhook
// appear as verified without reloading and a tampered one as failed with its cause, open its detail, create a
// destination on a local receiver and subscribe it, watch a delivery succeed, make the receiver fail until the
// event is dead-lettered, replay it, and verify the audit chain. Every page is checked with axe-core (no serious
// or critical violations), may not trip the Content-Security-Policy, and is photographed at desktop and phone
// width into test-artifacts/dashboard.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import Stripe from 'stripe';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { FAST_POLICY, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { launchChromium, screenshots, seriousViolations } from '../helpers/browser.js';
import { insertAgentGrant } from '../helpers/mcp-agent.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { existsSync } from 'node:fs';

const STRIPE_SECRET = 'whsec_dashboard_browser_test';
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });

let h: DeliveryHarness;
let server: Server;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: Receiver;
let failing = false;
const cspViolations: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build first`);
  h = await startDeliveryHarness({ policy: FAST_POLICY });
  receiver = await startReceiver(() => (failing ? { status: 503, body: 'down for the test' } : { status: 200, body: 'ok' }));
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await receiver?.close();
  await h?.close();
});

/** axe-core, the CSP and uncaught errors on the page as it is, then its screenshots. */
async function checkPage(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
  expect({ page: name, csp: cspViolations, errors: pageErrors }).toEqual({ page: name, csp: [], errors: [] });
  await screenshots(page, name);
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  expect(response.status).toBe(200);
}

/** A link of the navigation bar (pages have links with the same words). */
const section = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });
/** Opens a section from the navigation and waits for its page (its heading), so nothing is done on the page before. */
async function openSection(name: string): Promise<void> {
  await section(name).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}
const eventRows = () => page.locator('#events-table tbody tr');

describe('the web dashboard in a real browser', () => {
  let ingestUrl: string;
  let endpointPath: string;

  it('is served with a strict Content-Security-Policy, and / leads to it', async () => {
    const response = await fetch(`${base}/dashboard/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/dashboard/');
  });

  it('signs in with an API key', async () => {
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await checkPage('sign-in');
    await page.getByLabel('API key', { exact: true }).fill('whk_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('the API key is not valid or has been revoked').waitFor();
    // From the keyboard: the form submits on Enter.
    await page.getByLabel('API key', { exact: true }).fill(h.tenant.apiKey);
    await page.getByLabel('API key', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const cookie = (await context.cookies()).find((item) => item.name === 'relay_dashboard')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('creates an endpoint, shows its ingest URL once, and takes its Stripe secret', async () => {
    await openSection('Endpoints');
    await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
    await checkPage('endpoints');
    await page.getByLabel('Name', { exact: true }).fill('Stripe payments');
    await page.getByLabel('Provider', { exact: true }).fill('stripe');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingest URL' });
    ingestUrl = await dialog.getByRole('textbox').inputValue();
    expect(ingestUrl).toMatch(/^https:\/\/in\.example\.test\/whep_/);
    endpointPath = new URL(ingestUrl).pathname;
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Stripe payments' }).waitFor();
    await page.getByLabel('Signing secret', { exact: true }).fill(STRIPE_SECRET);
    await page.getByRole('button', { name: 'Add secret' }).click();
    await page.getByText('Secret added').waitFor();
    await page.getByRole('cell', { name: 'active' }).waitFor();
    expect(await page.content()).not.toContain(STRIPE_SECRET);
    await page.getByRole('button', { name: 'Reveal ingest URL' }).click();
    expect(await page.getByRole('textbox', { name: 'Ingest URL' }).inputValue()).toBe(ingestUrl);
    await checkPage('endpoint-detail');
  });

  it('shows a signed webhook as verified and a tampered one as failed with its cause, without reloading', async () => {
    await openSection('Events');
    await page.getByText('Live: new events appear as they are captured').waitFor();
    await checkPage('events');
    const loads: string[] = [];
    page.on('framenavigated', (frame) => loads.push(frame.url()));

    const signed = '{"id":"evt_1","type":"charge.succeeded"}';
    await post(`${h.ingestUrl}${endpointPath}`, signed, { 'stripe-signature': sign(signed) });
    await eventRows().filter({ hasText: 'verified' }).first().waitFor();

    // Signed compact, delivered re-encoded (as a proxy that parses and re-serialises JSON would).
    const original = '{"id":"evt_2","type":"charge.refunded"}';
    const reencoded = '{"id": "evt_2", "type": "charge.refunded"}';
    await post(`${h.ingestUrl}${endpointPath}`, reencoded, { 'stripe-signature': sign(original) });
    const failedRow = eventRows().filter({ hasText: 'failed' }).first();
    await failedRow.waitFor();
    expect(await failedRow.textContent()).toContain('the body differs from what was signed');
    expect(loads.filter((url) => !url.includes('#'))).toEqual([]);
    await checkPage('events-live');

    await failedRow.getByRole('link').click();
    await page.getByRole('heading', { name: /^Event / }).waitFor();
    expect(await page.locator('#verification-cause').textContent()).toBe(
      'the body differs from what was signed: re-encoded JSON (something parsed and serialised the body again on its way here)',
    );
    await page.getByRole('cell', { name: 'stripe-signature' }).waitFor();
    await page.getByText('"charge.refunded"').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download raw body' }).click();
    expect((await download).suggestedFilename()).toMatch(/^event-.*\.bin$/);
    await checkPage('event-detail');
  });

  it('creates a destination on a local receiver, subscribes the endpoint, and delivers', async () => {
    await openSection('Destinations');
    await page.getByRole('heading', { name: 'Destinations', exact: true }).waitFor();
    await checkPage('destinations');
    await page.getByLabel('Name', { exact: true }).fill('Local receiver');
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/hooks`);
    await page.getByRole('button', { name: 'Create destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    expect(await dialog.getByRole('textbox').inputValue()).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Local receiver' }).waitFor();
    await page.getByLabel('Endpoint', { exact: true }).first().selectOption({ label: 'Stripe payments' });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Subscribed', { exact: true }).waitFor();
    await checkPage('destination-detail');

    await h.workers?.reconcile();
    const body = '{"id":"evt_3","type":"invoice.paid"}';
    await post(`${h.ingestUrl}${endpointPath}`, body, { 'stripe-signature': sign(body) });
    await receiver.waitFor(1);
    await openSection('Deliveries');
    await expect(waitForBadge('succeeded', '#/deliveries')).resolves.toBe(true);
    await checkPage('deliveries');
    await page.locator('tbody tr').first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Attempts' }).waitFor();
    await page.getByRole('cell', { name: '200', exact: true }).waitFor();
    await checkPage('delivery-detail');
  });

  it('shows a dead letter once the receiver keeps failing, and replays it', async () => {
    failing = true;
    const before = receiver.received.length;
    const body = '{"id":"evt_4","type":"invoice.payment_failed"}';
    await post(`${h.ingestUrl}${endpointPath}`, body, { 'stripe-signature': sign(body) });
    await receiver.waitFor(before + FAST_POLICY.schedule.length + 1);
    await openSection('Dead letters');
    await expect(waitForBadge('dead lettered', '#/dead-letters')).resolves.toBe(true);
    await checkPage('dead-letters');
    failing = false;
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Replay selected' }).click();
    await page.getByText('Replayed 1').waitFor();
    await receiver.waitFor(before + FAST_POLICY.schedule.length + 2);
    expect(receiver.bodies().at(-1)).toBe(body);
  });

  it('verifies the audit chain', async () => {
    await openSection('Audit log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.locator('#verify-result').getByText('Intact').waitFor();
    await checkPage('audit');
  });

  it('creates an API key shown once, and shows the plan usage with its chart', async () => {
    await openSection('API keys & usage');
    await page.getByRole('heading', { name: 'Plan and usage' }).waitFor();
    await page.getByRole('img', { name: /Events captured per day/ }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('CI key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    expect(await dialog.getByRole('textbox').inputValue()).toMatch(/^whk_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'CI key' }).waitFor();
    await checkPage('keys-usage');
  });

  it('filters events by state', async () => {
    await openSection('Events');
    await page.getByLabel('State', { exact: true }).selectOption('failed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/state=failed/);
    // The unfiltered list (verified and failed rows) stays until the filtered one replaces it.
    const badges = page.locator('#events-table tbody .badge');
    let states: string[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      states = await badges.allTextContents();
      if (states.length > 0 && states.every((state) => state === 'failed')) break;
    }
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['failed']));
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('failed');
  });

  it('renames an endpoint, rotates its ingest URL only after confirming, and deletes it', async () => {
    await openSection('Endpoints');
    await page.getByLabel('Name', { exact: true }).fill('Short-lived');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const first = await page.getByRole('dialog', { name: 'Ingest URL' }).getByRole('textbox').inputValue();
    await page.getByRole('dialog', { name: 'Ingest URL' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Short-lived' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { name: 'Renamed' }).waitFor();
    await page.getByRole('button', { name: 'Rotate ingest URL' }).click();
    await page.getByRole('dialog', { name: 'Rotate the ingest URL?' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Reveal ingest URL' }).click();
    expect(await page.getByRole('textbox', { name: 'Ingest URL' }).inputValue()).toBe(first);
    await page.getByRole('button', { name: 'Rotate ingest URL' }).click();
    await page.getByRole('dialog', { name: 'Rotate the ingest URL?' }).getByRole('button', { name: 'Rotate' }).click();
    await page.getByText('Ingest URL rotated').waitFor();
    const rotated = await page.getByRole('textbox', { name: 'Ingest URL' }).inputValue();
    expect(rotated).not.toBe(first);
    const old = await fetch(`${h.ingestUrl}${new URL(first).pathname}`, { method: 'POST', body: '{}' });
    expect(old.status).toBe(404);
    await page.getByRole('button', { name: 'Delete endpoint', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Renamed?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Renamed' }).count()).toBe(0);
  });

  it('deletes an endpoint with its events at once when asked to, after confirming', async () => {
    const doomed = await h.endpoint({ name: 'Purged soon' });
    const eventId = await h.send(doomed.url, '{"purge":"me"}');
    const event = () => fetch(`${base}/v1/events/${eventId}`, { headers: h.tenant.auth });
    expect((await event()).status).toBe(200);
    await page.goto(`${base}/dashboard/#/endpoints/${doomed.id}`);
    await page.getByRole('heading', { name: 'Purged soon' }).waitFor();
    await checkPage('endpoint-delete');
    await page.getByRole('button', { name: 'Delete endpoint and its events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Purged soon and its events?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await event()).status).toBe(200);
    await page.getByRole('button', { name: 'Delete endpoint and its events' }).click();
    await dialog.getByRole('button', { name: 'Delete all' }).click();
    await page.getByText('Endpoint and its events deleted').waitFor();
    expect((await event()).status).toBe(404);
  });

  it('disables a destination, rotates its signing secret (shown once) and deletes it', async () => {
    await openSection('Destinations');
    await page.getByLabel('Name', { exact: true }).fill('Spare receiver');
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/spare`);
    await page.getByRole('button', { name: 'Create destination' }).click();
    const firstSecret = await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('textbox').inputValue();
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Spare receiver' }).waitFor();
    await page.getByLabel('Enabled').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Destination saved').waitFor();
    expect(await page.getByLabel('Enabled').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate' }).click();
    const secondSecret = await page.getByRole('dialog', { name: 'New signing secret' }).getByRole('textbox').inputValue();
    expect(secondSecret).toMatch(/^whsec_/);
    expect(secondSecret).not.toBe(firstSecret);
    await page.getByRole('dialog', { name: 'New signing secret' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke' }).first().waitFor();
    expect(await page.content()).not.toContain(secondSecret);
    await page.getByRole('button', { name: 'Delete destination' }).click();
    await page.getByRole('dialog', { name: 'Delete Spare receiver?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Destinations', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Spare receiver' }).count()).toBe(0);
  });

  it('revokes an API key after confirming', async () => {
    await openSection('API keys & usage');
    const row = page.getByRole('row', { name: /CI key/ });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke CI key?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Key revoked').waitFor();
    await page.getByRole('row', { name: /CI key.*revoked/ }).waitFor();
  });

  it('lists the agents and triggers of the MCP server, and revokes an agent and deletes a trigger after confirming', async () => {
    await insertAgentGrant(h.context, h.tenant.tenantId, 'Support agent');
    const endpoint = await h.endpoint({ name: 'agent-watched' });
    await fetch(`${base}/v1/triggers/wait`, {
      method: 'POST',
      headers: { ...h.tenant.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint_id: endpoint.id, trigger: 'support-inbox' }),
    });
    await openSection('Agents');
    await page.getByRole('row', { name: /Support agent/ }).waitFor();
    await page.getByRole('row', { name: /support-inbox/ }).waitFor();
    await checkPage('agents');
    await page
      .getByRole('row', { name: /Support agent/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('dialog', { name: 'Revoke Support agent?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Agent revoked').waitFor();
    await page
      .getByRole('row', { name: /support-inbox/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Delete trigger support-inbox?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Trigger deleted').waitFor();
    const agents = (await (await fetch(`${base}/v1/agents`, { headers: h.tenant.auth })).json()) as { data: unknown[] };
    expect(agents.data).toEqual([]);
    expect(await page.getByRole('row', { name: /support-inbox/ }).count()).toBe(0);
  });

  it('shows an agent’s consent page to the signed-in person, accessible, and sends the code back when allowed', async () => {
    const registered = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Triage agent',
        redirect_uris: ['http://127.0.0.1:9/callback'],
        token_endpoint_auth_method: 'none',
      }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    let returned: URL | undefined;
    await page.route('http://127.0.0.1:9/**', (route) => {
      returned = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the agent has its code' });
    });
    const authorize = new URL(`${base}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'from-the-agent',
    }))
      authorize.searchParams.set(name, value);
    await page.goto(authorize.toString());
    await page.getByRole('heading', { level: 1, name: 'Allow Triage agent to use webhook-relay?' }).waitFor();
    await page.getByText('Signed in as').waitFor();
    await checkPage('oauth-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('the agent has its code').waitFor();
    expect(returned?.searchParams.get('state')).toBe('from-the-agent');
    expect(returned?.searchParams.get('code')).toBeTruthy();
    await page.unroute('http://127.0.0.1:9/**');
    await page.goto(`${base}/dashboard/#/events`);
    await page.getByRole('heading', { level: 1, name: 'Events', exact: true }).waitFor();
  });

  it('shows clearly that capture is paused', async () => {
    await h.context.ownerPool.query('UPDATE tenants SET capture_paused = true WHERE id = $1', [h.tenant.tenantId]);
    try {
      await openHash('#/keys');
      const banner = page.getByRole('alert').filter({ hasText: 'Capture is paused' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('An operator paused capture');
      await checkPage('keys-usage-paused');
    } finally {
      await h.context.ownerPool.query('UPDATE tenants SET capture_paused = false WHERE id = $1', [h.tenant.tenantId]);
    }
  });

  it('is usable at phone width, and signs out', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // At phone width the sections are behind the menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await openSection('Events');
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/v1/endpoints')).status);
    expect(status).toBe(401);
  });
});

/** Opens a page of the dashboard afresh (a new hash, so the router renders it again). */
const openHash = (hash: string) => page.evaluate(`location.hash = ${JSON.stringify(hash)} + '?t=' + Date.now()`);

/** Reloads a list page until a row shows the badge (deliveries are not pushed live). */
async function waitForBadge(label: string, hash: string): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await page.locator('tbody .badge', { hasText: label }).count()) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
    await openHash(hash);
    await page.locator('tbody').first().waitFor();
  }
  return false;
}
