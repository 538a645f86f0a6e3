// `pnpm build` step: the whole CLI (its dependencies included) as one ES module, dist/relay.mjs, which the relay
// serves at GET /cli/relay.mjs for GET /install.sh to install without a checkout. Runs on Node 18+.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/bin.js'],
  outfile: 'dist/relay.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  legalComments: 'none',
  // CommonJS dependencies (commander) call require() for Node's modules: give the ES module one.
  banner: {
    js: "import { createRequire as __relayCreateRequire } from 'node:module';\nconst require = __relayCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
