// scripts/compare-screenshots.ts on two small folders made here: one page changed, one unchanged, one added, one
// removed; the report names each with its share of changed pixels, and only wrong usage is an error.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import { compareScreenshots, reportHtml } from '../../scripts/compare-screenshots.js';

const SCRIPT = fileURLToPath(new URL('../../scripts/compare-screenshots.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** A 10×10 white PNG whose first `dark` pixels are black. */
function png(dark = 0): Buffer {
  const image = new PNG({ width: 10, height: 10 });
  for (let pixel = 0; pixel < 100; pixel += 1) {
    const value = pixel < dark ? 0 : 255;
    image.data.set([value, value, value, 255], pixel * 4);
  }
  return PNG.sync.write(image);
}

let root: string;
let base: string;
let head: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'compare-screenshots-'));
  [base, head] = [join(root, 'base'), join(root, 'head')];
  mkdirSync(join(base, 'dashboard'), { recursive: true });
  mkdirSync(join(head, 'dashboard'), { recursive: true });
  writeFileSync(join(base, 'dashboard', 'events-phone.png'), png(0));
  writeFileSync(join(head, 'dashboard', 'events-phone.png'), png(25));
  writeFileSync(join(base, 'dashboard', 'keys-desktop.png'), png(3));
  writeFileSync(join(head, 'dashboard', 'keys-desktop.png'), png(3));
  writeFileSync(join(head, 'dashboard', 'health-phone.png'), png(0));
  writeFileSync(join(base, 'dashboard', 'old-page-phone.png'), png(0));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('compare-screenshots', () => {
  it('finds the changed page and its share of pixels, the unchanged one, and the pages added and removed', () => {
    const pages = compareScreenshots(base, head, join(root, 'report'));
    expect(pages).toEqual([
      { name: 'dashboard/events-phone.png', status: 'changed', changed: 0.25 },
      { name: 'dashboard/health-phone.png', status: 'added', changed: null },
      { name: 'dashboard/keys-desktop.png', status: 'unchanged', changed: 0 },
      { name: 'dashboard/old-page-phone.png', status: 'removed', changed: null },
    ]);
    const diff = PNG.sync.read(readFileSync(join(root, 'report', 'diff', 'dashboard__events-phone.png')));
    expect([diff.width, diff.height]).toEqual([10, 10]);
    const html = reportHtml(pages);
    expect(html).toContain('1 changed, 1 added, 1 removed, 1 unchanged');
    expect(html).toContain('25.00 %');
    expect(html).toContain('src="diff/dashboard__events-phone.png"');
    // Unchanged pages are listed, not shown.
    expect(html).not.toContain('id="dashboard/keys-desktop.png"');
  });

  it('writes the report and exits 0 when pages differ, and 2 only on wrong usage', () => {
    const run = (...args: string[]) => spawnSync(TSX, [SCRIPT, ...args], { encoding: 'utf8', timeout: 120_000 });
    const done = run(base, head, join(root, 'cli-report'));
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('4 pages, 3 changed, added or removed');
    expect(readFileSync(join(root, 'cli-report', 'index.html'), 'utf8')).toContain('<h1>Dashboard screenshots');
    expect(JSON.parse(readFileSync(join(root, 'cli-report', 'summary.json'), 'utf8'))).toHaveLength(4);
    // No base artifact (a first run): every page is added.
    expect(run(join(root, 'nothing'), head, join(root, 'first')).status).toBe(0);
    const usage = run(base);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: compare-screenshots <base-dir> <head-dir> <report-dir>');
  });
});
