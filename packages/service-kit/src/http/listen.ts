import type { Server } from 'node:net';

export interface ListenTarget {
  port: number;
  host: string;
  /** The setting that chose the port, named in the error so the operator knows what to change. */
  setting: string;
  /** The setting that chose the host; `HOST` in every service here. */
  hostSetting?: string;
}

function explain(code: string | undefined, target: ListenTarget): string {
  const hostSetting = target.hostSetting ?? 'HOST';
  switch (code) {
    case 'EADDRINUSE':
      return `is already in use by another process: set ${target.setting} to a free port`;
    case 'EACCES':
      return `needs privileges this process does not have: set ${target.setting} to a port above 1023`;
    case 'EADDRNOTAVAIL':
      return `names an address this machine does not have: set ${hostSetting} to one of its addresses, or 0.0.0.0`;
    default:
      return `cannot be listened on (${code ?? 'unknown error'}): check ${hostSetting} and ${target.setting}`;
  }
}

/**
 * Starts listening and resolves with the port actually bound (port 0 asks the kernel for a free
 * one). A port that cannot be bound rejects with a one-line message naming the setting, instead of
 * the unhandled 'error' event (and stack trace) a bare `server.listen` ends in.
 */
export function listenOn(server: Server, target: ListenTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(new Error(`${target.host}:${target.port} ${explain(error.code, target)}`));
    };
    server.once('error', onError);
    server.listen(target.port, target.host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : target.port);
    });
  });
}
