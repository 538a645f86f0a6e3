#!/usr/bin/env node
import { runCli } from './cli.js';
import { systemIo } from './io.js';

const controller = new AbortController();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C ends at once.
    if (interrupted) process.exit(130);
    interrupted = true;
    controller.abort();
  });
}

runCli(process.argv.slice(2), systemIo(controller.signal)).then((code) => {
  process.exitCode = code;
  // Keep-alive sockets of fetch would hold the process open for a few seconds.
  setImmediate(() => process.exit(code));
});
