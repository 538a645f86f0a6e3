// Every capability is on every surface: each operation of the generated client (the REST API's /v1 JSON
// operations, from the OpenAPI document) is called by some CLI command, or is named below with the reason
// it is not. A new API operation without a command fails here.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const generated = readFileSync(join(root, '../relay-client-ts/src/generated/operations.ts'), 'utf8');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [readFileSync(join(dir, entry.name), 'utf8')] : [],
  );
const cli = sources(join(root, 'src')).join('\n');

/** Operations the CLI leaves out on purpose, with why. */
const NOT_ON_THE_CLI: Record<string, string> = {};

describe('the CLI covers the REST API', () => {
  const operations = [...generated.matchAll(/operationId: '([A-Za-z]+)'/g)].map((match) => match[1]!);

  it('finds the generated operations', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('calls every operation of the generated client from some command', () => {
    const missing = [...new Set(operations)].filter(
      (operation) => !(operation in NOT_ON_THE_CLI) && !new RegExp(`\\.${operation}(All)?\\(`).test(cli),
    );
    expect(missing).toEqual([]);
  });
});
