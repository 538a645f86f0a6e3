// Errors where they happen: a form's error shows next to that form (role=alert), is cleared when the form
// succeeds, and is never a toast; toasts only confirm, and never stand over a control. The navigation is hidden
// until sign-in and keeps no highlight after sign-out. One vocabulary ("unattempted", as the API, CLI and
// subscription form say), and the dedup inputs only when they mean something. Debian's chromium, real API.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_ASSETS } from '../../src/dashboard/serve-dashboard.js';
import { launchChromium, PAGE_GEOMETRY } from '../helpers/browser.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

let h: DeliveryHarness;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(DASHBOARD_ASSETS)) throw new Error(`no dashboard build at ${DASHBOARD_ASSETS}: run pnpm build:dashboard first`);
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await h?.close();
});

const nav = () => page.getByRole('navigation', { name: 'Sections' });
const notices = () => page.locator('#notices');
const signInForm = () => page.locator('form', { has: page.getByLabel('API key', { exact: true }) });

async function signIn(key: string): Promise<void> {
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Every visible control whose centre is under a toast (what a click there would hit instead). */
async function controlsUnderToasts(): Promise<string[]> {
  await page.evaluate(PAGE_GEOMETRY);
  return page.evaluate('relayControlsUnderToasts()') as Promise<string[]>;
}

describe('dashboard errors, confirmations, navigation and vocabulary', () => {
  it('hides the navigation before sign-in', async () => {
    await page.goto(`${base}/dashboard/`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await nav().isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Endpoints', exact: true }).count()).toBe(0);
  });

  it('shows a failed sign-in next to its form, not as a toast, and clears it once signed in', async () => {
    await signIn('whk_wrong');
    const error = signInForm().getByRole('alert');
    await error.getByText('the API key is not valid or has been revoked').waitFor();
    expect(await notices().locator('.notice').count()).toBe(0);
    await signIn(h.tenant.apiKey);
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    expect(await page.getByText('the API key is not valid or has been revoked').count()).toBe(0);
    expect(await nav().isVisible()).toBe(true);
  });

  it("shows a refused form's error inside that form and clears it when the form then succeeds", async () => {
    await nav().getByRole('link', { name: 'Endpoints', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Endpoints', exact: true }).waitFor();
    const create = page.locator('form', { has: page.getByRole('button', { name: 'Create endpoint' }) });
    await create.getByLabel('Name', { exact: true }).fill('\u200b');
    await create.getByRole('button', { name: 'Create endpoint' }).click();
    await create.getByRole('alert').getByText('must contain at least one visible character').waitFor();
    expect(await notices().getByText('must contain at least one visible character').count()).toBe(0);

    await page.goto(`${base}/dashboard/#/endpoints/${(await h.endpoint({ name: 'Dedup settings' })).id}`);
    await page.getByRole('heading', { level: 1, name: 'Dedup settings' }).waitFor();
    const settings = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
    await settings.getByLabel('Deduplication').selectOption('fields');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    const refused = settings.getByRole('alert');
    await refused.waitFor();
    expect((await refused.textContent())?.trim()).not.toBe('');
    await settings.getByLabel('Fields').fill('data.id');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    expect(await page.locator('form [role="alert"]:visible').count()).toBe(0);
  });

  it('confirms with a toast that no control lies under', async () => {
    await page.getByLabel('Signing secret', { exact: true }).fill('whsec_a_test_secret');
    await page.getByRole('button', { name: 'Add secret' }).click();
    await notices().getByText('Secret added').waitFor();
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const y of [0, 400, 100_000]) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        expect({ size, y, covered: await controlsUnderToasts() }).toEqual({ size, y, covered: [] });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows only the Window for a strategy without fields, both for JSON fields, neither for no deduplication', async () => {
    const settings = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
    const shown = async () => ({
      fields: await settings.getByLabel('Fields').isVisible(),
      window: await settings.getByLabel('Window (seconds)').isVisible(),
    });
    await settings.getByLabel('Deduplication').selectOption('');
    expect(await shown()).toEqual({ fields: false, window: false });
    await settings.getByLabel('Deduplication').selectOption('content_hash');
    expect(await shown()).toEqual({ fields: false, window: true });
    await settings.getByLabel('Deduplication').selectOption('fields');
    expect(await shown()).toEqual({ fields: true, window: true });
  });

  it('labels an event nothing checked "unattempted", the word of the API, the CLI and the subscription form', async () => {
    const endpoint = await h.endpoint({ name: 'No provider' });
    await h.send(endpoint.url, '{"hello":"world"}');
    await page.goto(`${base}/dashboard/#/events?endpoint_id=${endpoint.id}`);
    const badge = page.locator('#events-table tbody .badge').first();
    await badge.waitFor();
    expect(await badge.textContent()).toBe('unattempted');
    expect(await page.getByText(/not checked/i).count()).toBe(0);
    const options = await page.getByLabel('State', { exact: true }).locator('option').allTextContents();
    expect(options).toContain('Unattempted');
  });

  it('hides the navigation after sign-out and leaves no section highlighted', async () => {
    await nav().getByRole('link', { name: 'Endpoints', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Endpoints', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await nav().isVisible()).toBe(false);
    expect(await page.locator('[aria-current="page"]').count()).toBe(0);
  });
});
