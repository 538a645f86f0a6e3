import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {}

/**
 * The request body exactly as received, refused as soon as it passes `limit` bytes, or at once when the
 * sender declared more (`declaredLength`, its Content-Length).
 */
export function readBody(req: IncomingMessage, limit: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

/** Content-Length from raw header pairs (node:http has already refused a malformed or conflicting one). */
export function declaredLength(headers: ReadonlyArray<readonly [string, string]>): number | undefined {
  for (const [name, value] of headers) {
    if (name.length === 14 && name.toLowerCase() === 'content-length') return Number(value);
  }
  return undefined;
}

/**
 * After a refusal: reads and throws away what the sender is still sending, so that it gets to read the
 * answer. Closing at once would reset the connection under a sender still writing its body, and most
 * HTTP clients then report a network error instead of the 413. Past `cap` more bytes the connection is cut.
 */
export function discardBody(req: IncomingMessage, cap: number): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > cap) req.socket.destroy();
  });
  req.resume();
}
