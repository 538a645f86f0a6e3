/** Prisma's Bytes columns take a Uint8Array over a plain ArrayBuffer; Node's Buffers may sit on a shared pool. */
export const toBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);
