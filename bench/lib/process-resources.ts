// What one process holds right now, read from /proc: its resident memory and its open TCP connections to a
// port (e.g. Redis). Dependency-free, so a benchmark can watch a service it started without instrumenting it.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Resident set size in bytes (VmRSS), or 0 when the process is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Established TCP connections the process has open to `remotePort` (IPv4 and IPv6). */
export function connectionsTo(pid: number, remotePort: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]!);
    } catch {
      // closed between listing and reading
    }
  }
  const port = remotePort.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl local_address rem_address st ... inode (index 9); st 01 = ESTABLISHED
      if (fields.length > 9 && fields[2]!.endsWith(`:${port}`) && fields[3] === '01' && inodes.has(fields[9]!)) count++;
    }
  }
  return count;
}
