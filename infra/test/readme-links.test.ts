// Every relative link in the repository's documentation must lead somewhere: each README.md, ARCHITECTURE.md
// and SPEC.md (a service's contract) and every Markdown file under a docs/ folder is read, and each relative
// link must name an existing file or folder of the repository; a #fragment must name a heading of the target (GitHub's slug rules) or, in a code
// file, a line (#L12, #L12-L20). Links to the web (https:, mailto:) are not followed.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Installed, built or local-only folders: not part of a clone, so neither read nor linked to. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.local', '.git', '.turbo']);

interface Link {
  target: string;
  line: number;
}

/** README.md, ARCHITECTURE.md and SPEC.md files, docs/**\/*.md and bench/**\/*.md, as paths relative to the repository root. */
function documentationFiles(folder = REPO_ROOT, insideDocs = false): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      found.push(...documentationFiles(path, insideDocs || entry.name === 'docs' || path === join(REPO_ROOT, 'bench')));
    else if (['README.md', 'ARCHITECTURE.md', 'SPEC.md'].includes(entry.name) || (insideDocs && entry.name.endsWith('.md')))
      found.push(relative(REPO_ROOT, path));
  }
  return found.sort();
}

/** The lines outside fenced code blocks, with inline code spans blanked (neither holds links or headings). */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | undefined;
  for (const [index, text] of markdown.split(/\r?\n/).entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker?.startsWith(fence[0] ?? '') && marker.length >= fence.length) fence = undefined;
    else if (fence === undefined)
      lines.push({ text: text.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => ' '.repeat(span.length)), line: index + 1 });
  }
  return lines;
}

function extractLinks(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    // [text](target) and ![alt](target), the target optionally in <...> and followed by a "title".
    for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+(?:\([^\s)]*\)[^\s)]*)*)(?:\s+["'(][^)]*)?\)/g)) {
      links.push({ target: (match[1] ?? '').replace(/^<|>$/g, ''), line });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(text);
    if (definition?.[1]) links.push({ target: definition[1], line });
    for (const match of text.matchAll(/<(?:a|img)\b[^>]*?\s(?:href|src)="([^"]+)"/gi)) links.push({ target: match[1] ?? '', line });
  }
  return links;
}

/** GitHub's heading anchor (github-slugger): lower case, punctuation and symbols dropped, spaces to hyphens. */
function githubSlug(headingText: string): string {
  return headingText
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text GitHub shows for a heading's Markdown: links and code reduced to their text, emphasis and tags dropped. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*{1,3}([^*]+)\*{1,3}/g, '$1');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered -1, -2, ...) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const add = (slug: string) => {
    let candidate = slug;
    for (let repeat = 1; anchors.has(candidate); repeat++) candidate = `${slug}-${repeat}`;
    anchors.add(candidate);
  };
  let fence: string | undefined;
  const lines = markdown.split(/\r?\n/);
  for (const [index, text] of lines.entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker?.startsWith(fence[0] ?? '') && marker.length >= fence.length) fence = undefined;
    if (fence !== undefined || marker) continue;
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text);
    const next = lines[index + 1] ?? '';
    if (atx) add(githubSlug(headingText(atx[1] ?? '')));
    else if (text.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s{0,3}([-*+]\s|\||>)/.test(text)) add(githubSlug(headingText(text)));
    for (const match of text.matchAll(/<a\s[^>]*?(?:name|id)="([^"]+)"/gi)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

/** Why a link from `file` (relative to the root) does not resolve, or undefined when it does. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const [rawPath = '', rawFragment] = target.split(/#(.*)/s);
  let path: string;
  let fragment: string | undefined;
  try {
    path = decodeURIComponent(rawPath.split('?')[0] ?? '');
    fragment = rawFragment === undefined ? undefined : decodeURIComponent(rawFragment);
  } catch {
    return 'is not valid URL encoding';
  }
  const absolute =
    path === '' ? join(REPO_ROOT, file) : path.startsWith('/') ? join(REPO_ROOT, path) : resolve(REPO_ROOT, dirname(file), path);
  const inRepo = relative(REPO_ROOT, absolute);
  if (inRepo.startsWith('..')) return 'leads outside the repository';
  if (inRepo.split(sep).some((part) => SKIPPED_FOLDERS.has(part)))
    return 'leads into a folder a clone does not have (node_modules, dist, .local)';
  if (!existsSync(absolute)) return 'names no file or folder';
  if (fragment === undefined || statSync(absolute).isDirectory()) return undefined;
  const content = readFileSync(absolute, 'utf8');
  if (absolute.endsWith('.md')) {
    return anchorsOf(content).has(fragment) ? undefined : `names no heading of ${inRepo} (anchor #${fragment})`;
  }
  const lines = /^L(\d+)(?:-L(\d+))?$/.exec(fragment);
  const lineCount = content.split('\n').length;
  if (!lines) return 'has a fragment a code file does not offer (only #L12 or #L12-L20)';
  return lines.slice(1).every((n) => n === undefined || Number(n) <= lineCount) ? undefined : `points past the last line of ${inRepo}`;
}

describe('the rules the link check follows', () => {
  it('makes anchors as GitHub does, numbering repeated headings', () => {
    const anchors = anchorsOf(
      [
        '# webhook-relay',
        '## Quick start: all services',
        '## `npm start` (local)',
        '## A & B',
        '## Usage',
        '## Usage',
        '```',
        '## not a heading',
        '```',
        'Setext',
        '------',
      ].join('\n'),
    );
    expect([...anchors]).toEqual(['webhook-relay', 'quick-start-all-services', 'npm-start-local', 'a--b', 'usage', 'usage-1', 'setext']);
    expect(githubSlug('RELAY_MASTER_KEY and DATABASE_*_TIMEOUT_MS')).toBe('relay_master_key-and-database__timeout_ms');
  });

  it('finds inline, reference and HTML links but none in code', () => {
    const markdown = [
      'See [delivery](docs/delivery.md#retries "retries") and ![chart](bench/chart.png).',
      '`[not](a-link.md)` and',
      '```sh',
      'echo [nor](this.md)',
      '```',
      '[ref]: ../packages/relay-cli/README.md',
      '<a href="infra/README.md">infra</a>',
    ].join('\n');
    expect(extractLinks(markdown)).toEqual([
      { target: 'docs/delivery.md#retries', line: 1 },
      { target: 'bench/chart.png', line: 1 },
      { target: '../packages/relay-cli/README.md', line: 6 },
      { target: 'infra/README.md', line: 7 },
    ]);
  });

  it('refuses a missing file, a missing heading and a folder a clone does not have', () => {
    expect(brokenLink('README.md', 'infra/README-that-is-not-there.md')).toBe('names no file or folder');
    expect(brokenLink('README.md', 'package.json#L1')).toBeUndefined();
    expect(brokenLink('README.md', 'package.json#L100000')).toMatch(/past the last line/);
    expect(brokenLink('README.md', 'infra/node_modules')).toMatch(/clone does not have/);
    expect(brokenLink('README.md', '#no-such-heading-in-the-root-readme')).toMatch(/names no heading of README.md/);
    expect(brokenLink('README.md', 'https://example.com/nowhere')).toBeUndefined();
  });
});

describe('documentation links', () => {
  const files = documentationFiles();

  it('finds the root README, the architecture, and the README and SPEC of every service', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('ARCHITECTURE.md');
    for (const service of ['config-store', 'translator', 'webhook-relay'])
      expect(files).toEqual(expect.arrayContaining([`services/${service}/README.md`, `services/${service}/SPEC.md`]));
    expect(files.length).toBeGreaterThan(1);
  });

  it('every relative link in every README.md and docs/**/*.md leads to an existing file, and every #anchor to its heading', () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const { target, line } of extractLinks(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
        const reason = brokenLink(file, target);
        if (reason) problems.push(`${file}:${line}: (${target}) ${reason}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
