#!/usr/bin/env node
import { runCli } from './cli.js';
import { systemIo } from './io.js';

// A reader that stops early (`webhook-relay --help | head`) closes the pipe: end quietly, as other Unix tools do,
// instead of dying on an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

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
