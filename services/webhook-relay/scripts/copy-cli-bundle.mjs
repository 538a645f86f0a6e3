// `pnpm build` step: copies the single-file CLI (packages/relay-cli's dist/relay.mjs, built before this service
// by turbo: the relay depends on @workspace/relay-cli) into dist/public/cli/, which GET /install.sh and
// GET /cli/relay.mjs serve and the Docker image ships.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../../packages/relay-cli/dist/relay.mjs', import.meta.url));
const target = fileURLToPath(new URL('../dist/public/cli/relay.mjs', import.meta.url));
if (!existsSync(source)) {
  console.error(`${source} is missing: build the CLI first (pnpm --filter @workspace/relay-cli build)`);
  process.exit(1);
}
mkdirSync(fileURLToPath(new URL('../dist/public/cli/', import.meta.url)), { recursive: true });
copyFileSync(source, target);
