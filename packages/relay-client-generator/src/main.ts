// `pnpm clients:generate`: writes openapi.json from the contracts, then the three clients from it.
// `--check`: writes nothing, exits 1 naming the files that are stale.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { GENERATE_COMMAND, PACKAGES_DIR, renderAll, staleFiles } from './render.js';

const root = `${PACKAGES_DIR}/..`;

if (process.argv.includes('--check')) {
  const stale = await staleFiles();
  for (const path of stale) process.stderr.write(`stale: ${relative(root, path)}\n`);
  if (stale.length > 0) process.stderr.write(`run \`${GENERATE_COMMAND}\` and commit the result\n`);
  process.exitCode = stale.length > 0 ? 1 : 0;
} else {
  for (const [path, text] of await renderAll()) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    process.stdout.write(`wrote ${relative(root, path)}\n`);
  }
}
