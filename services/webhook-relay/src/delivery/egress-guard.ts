import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `127.0.0.1/32, 10.0.0.0/8` -> parsed CIDRs; a bare address means just that address. */
export function parseCidrList(text: string): Cidr[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        if (item.includes('/')) return ipaddr.parseCIDR(item);
        const address = ipaddr.parse(item);
        return [address, address.kind() === 'ipv4' ? 32 : 128] as Cidr;
      } catch {
        throw new Error(`"${item}" is not an address or CIDR such as 127.0.0.1/32 or fd00::/8`);
      }
    });
}

export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

/**
 * Outbound deliveries reach public unicast addresses only: loopback, private, link-local (cloud
 * metadata), CGNAT, unique-local, multicast and reserved ranges are refused unless an operator
 * allow-listed their CIDR. The check runs on the address the socket connects to (see `lookup`), so a
 * name that resolves differently later cannot slip past it.
 */
export class EgressGuard {
  constructor(private readonly allow: Cidr[] = []) {}

  /** Why an address is refused, or null when it may be reached. */
  refusal(address: string): string | null {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return `${address} is not an IP address`;
    }
    const range = parsed.range();
    if (range === 'unicast') return null;
    if (this.allow.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))) return null;
    return `${address} is a ${range} address (not allowed by RELAY_EGRESS_ALLOW)`;
  }

  /** A `lookup` for net/tls.connect: resolves, then refuses the connection if any address is off limits. */
  readonly lookup = (hostname: string, options: { all?: boolean; family?: number }, callback: (...args: any[]) => void): void => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      for (const { address } of addresses) {
        const reason = this.refusal(address);
        if (reason) return callback(new EgressRefused(`refused to connect to ${hostname}: ${reason}`));
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };

  /** For URLs whose host is an IP literal (no lookup happens for them). */
  checkHost(hostname: string): void {
    const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    if (!ipaddr.isValid(bare)) return;
    const reason = this.refusal(bare);
    if (reason) throw new EgressRefused(`refused to connect to ${hostname}: ${reason}`);
  }
}
