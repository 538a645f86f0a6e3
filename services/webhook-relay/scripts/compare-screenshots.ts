// Compares two folders of dashboard screenshots (the base branch's artifact and this run's) and writes an HTML
// report for review: each page side by side with a diff image and the share of its pixels that changed, and the
// pages added or removed. It never fails a build on a difference (people judge them); only wrong usage exits 2.
//
//   tsx scripts/compare-screenshots.ts <base-dir> <head-dir> <report-dir>
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface PageComparison {
  name: string;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  /** Share of the larger image's pixels that differ (0-1); null for added or removed pages. */
  changed: number | null;
  /** Images of another size are compared on their common area, and the rest counts as changed. */
  sizes?: { base: string; head: string };
}

const pngsIn = (dir: string) => (existsSync(dir) ? listPngs(dir, '') : []);

function listPngs(root: string, prefix: string): string[] {
  return readdirSync(join(root, prefix)).flatMap((entry) => {
    const path = join(prefix, entry);
    if (statSync(join(root, path)).isDirectory()) return listPngs(root, path);
    return entry.endsWith('.png') ? [path] : [];
  });
}

/** One page: its diff image written as `diffPath`, and the share of pixels changed. */
function comparePage(basePath: string, headPath: string, diffPath: string): Pick<PageComparison, 'changed' | 'sizes'> {
  const [base, head] = [PNG.sync.read(readFileSync(basePath)), PNG.sync.read(readFileSync(headPath))];
  const width = Math.max(base.width, head.width);
  const height = Math.max(base.height, head.height);
  // Both on one canvas of the larger size: what one has and the other lacks is transparent there, and differs.
  const pad = (image: PNG) => {
    const padded = new PNG({ width, height });
    PNG.bitblt(image, padded, 0, 0, image.width, image.height, 0, 0);
    return padded;
  };
  const diff = new PNG({ width, height });
  const differing = pixelmatch(pad(base).data, pad(head).data, diff.data, width, height, { threshold: 0.1 });
  writeFileSync(diffPath, PNG.sync.write(diff));
  const sameSize = base.width === head.width && base.height === head.height;
  return {
    changed: differing / (width * height),
    ...(sameSize ? {} : { sizes: { base: `${base.width}×${base.height}`, head: `${head.width}×${head.height}` } }),
  };
}

/** Compares every page, copies the images the report shows into `reportDir`, and returns what it found. */
export function compareScreenshots(baseDir: string, headDir: string, reportDir: string): PageComparison[] {
  const [base, head] = [new Set(pngsIn(baseDir)), new Set(pngsIn(headDir))];
  const names = [...new Set([...base, ...head])].sort();
  for (const folder of ['base', 'head', 'diff']) mkdirSync(join(reportDir, folder), { recursive: true });
  return names.map((name): PageComparison => {
    const flat = name.replaceAll('/', '__');
    if (base.has(name)) copyFileSync(join(baseDir, name), join(reportDir, 'base', flat));
    if (head.has(name)) copyFileSync(join(headDir, name), join(reportDir, 'head', flat));
    if (!base.has(name)) return { name, status: 'added', changed: null };
    if (!head.has(name)) return { name, status: 'removed', changed: null };
    const result = comparePage(join(baseDir, name), join(headDir, name), join(reportDir, 'diff', flat));
    return { name, status: result.changed ? 'changed' : 'unchanged', ...result };
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const percent = (share: number) => `${(share * 100).toFixed(share && share < 0.001 ? 3 : 2)} %`;

/** The report: a summary table, then each page that is not unchanged with its images side by side. */
export function reportHtml(pages: PageComparison[]): string {
  const image = (folder: string, page: PageComparison) =>
    `<figure><img src="${folder}/${escapeHtml(page.name.replaceAll('/', '__'))}" alt="${folder} of ${escapeHtml(page.name)}"><figcaption>${folder}</figcaption></figure>`;
  const summary = pages
    .map(
      (page) =>
        `<tr><td><a href="#${escapeHtml(page.name)}">${escapeHtml(page.name)}</a></td><td>${page.status}</td><td>${page.changed === null ? '—' : percent(page.changed)}${page.sizes ? ` (size ${page.sizes.base} → ${page.sizes.head})` : ''}</td></tr>`,
    )
    .join('\n');
  const details = pages
    .filter((page) => page.status !== 'unchanged')
    .map((page) => {
      const shown =
        page.status === 'added'
          ? [image('head', page)]
          : page.status === 'removed'
            ? [image('base', page)]
            : ['base', 'head', 'diff'].map((f) => image(f, page));
      return `<section id="${escapeHtml(page.name)}"><h2>${escapeHtml(page.name)}: ${page.status}${page.changed === null ? '' : `, ${percent(page.changed)} of pixels`}</h2><div class="row">${shown.join('')}</div></section>`;
    })
    .join('\n');
  const counts = (['changed', 'added', 'removed', 'unchanged'] as const).map(
    (status) => `${pages.filter((p) => p.status === status).length} ${status}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dashboard screenshots compared</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
.row{display:flex;gap:.5rem;align-items:flex-start;overflow-x:auto}figure{margin:0}img{max-width:420px;border:1px solid #ccc}</style></head>
<body><h1>Dashboard screenshots: base branch vs this run</h1><p>${counts.join(', ')}.</p>
<table><thead><tr><th>page</th><th>status</th><th>pixels changed</th></tr></thead><tbody>
${summary}
</tbody></table>
${details}
</body></html>
`;
}

function main(argv: string[]): number {
  if (argv.length !== 3) {
    process.stderr.write('usage: compare-screenshots <base-dir> <head-dir> <report-dir>\n');
    return 2;
  }
  const [baseDir, headDir, reportDir] = argv as [string, string, string];
  if (!existsSync(headDir)) {
    process.stderr.write(`compare-screenshots: ${headDir} does not exist (the screenshots of this run)\n`);
    return 2;
  }
  // No base (a first run, or the base's artifact expired): every page is reported as added.
  const pages = compareScreenshots(baseDir, headDir, reportDir);
  writeFileSync(join(reportDir, 'index.html'), reportHtml(pages));
  writeFileSync(join(reportDir, 'summary.json'), `${JSON.stringify(pages, null, 2)}\n`);
  const changed = pages.filter((page) => page.status !== 'unchanged');
  process.stdout.write(`${pages.length} pages, ${changed.length} changed, added or removed: ${join(reportDir, 'index.html')}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) process.exitCode = main(process.argv.slice(2));
