export { runCli, VERSION } from './cli.js';
export { systemIo, systemClock, type CliIo, type Clock, type OutputStream } from './io.js';
export { parseLoopbackUrl } from './loopback-url.js';
export { ConfigStore, type Credentials } from './config-store.js';
export { Output, outputOptions, type ForwardOutcome } from './output.js';
export { RelayClient } from './api-client.js';
export { CliError, ApiError, EXIT_FAILURE, EXIT_USAGE } from './errors.js';
