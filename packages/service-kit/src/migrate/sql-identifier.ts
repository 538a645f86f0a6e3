// PostgreSQL silently truncates identifiers longer than 63 bytes, which would create or drop a
// database other than the one asked for, so such names are rejected instead.
const MAX_IDENTIFIER_BYTES = 63;

export function quoteIdentifier(name: string): string {
  if (name.length === 0) throw new Error('Invalid database name: it is empty');
  if (name.includes('"') || name.includes('\0')) {
    throw new Error(`Invalid database name ${JSON.stringify(name)}: it must not contain a double quote or a NUL character`);
  }
  if (Buffer.byteLength(name, 'utf8') > MAX_IDENTIFIER_BYTES) {
    throw new Error(`Invalid database name "${name}": longer than ${MAX_IDENTIFIER_BYTES} bytes`);
  }
  return `"${name}"`;
}

export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('SQL literal must not contain a NUL character');
  return `'${value.replace(/'/g, "''")}'`;
}
