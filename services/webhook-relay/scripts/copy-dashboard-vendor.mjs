// The dashboard's third-party files, copied from node_modules next to its own: the page may load only files of this
// server (its Content-Security-Policy), and the browser needs a path, not a package name, to import a module.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const uplot = dirname(require.resolve('uplot/package.json'));
const target = fileURLToPath(new URL('../dist/public/dashboard/vendor/', import.meta.url));
mkdirSync(target, { recursive: true });
copyFileSync(join(uplot, 'dist/uPlot.esm.js'), join(target, 'uplot.js'));
copyFileSync(join(uplot, 'dist/uPlot.min.css'), join(target, 'uplot.css'));
copyFileSync(join(uplot, 'LICENSE'), join(target, 'uplot.LICENSE.txt'));
