// Writes docs/providers.md from the registry (test/unit/registry-table.test.ts fails when it is stale).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROVIDERS } from '../src/verification/registry.js';
import { renderProviderTable } from '../src/verification/registry-table.js';

const target = fileURLToPath(new URL('../docs/providers.md', import.meta.url));
writeFileSync(target, renderProviderTable(PROVIDERS));
console.log(`wrote ${PROVIDERS.length} providers to ${target}`);
