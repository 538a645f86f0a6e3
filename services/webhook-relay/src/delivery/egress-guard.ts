import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
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

/** `dns.lookup` with `all: true`; tests pass a resolver that answers what a hostile DNS could. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

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
  constructor(
    private readonly allow: Cidr[] = [],
    private readonly resolve: Resolver = dnsLookup,
  ) {}

  /** Why an address is refused, or null when it may be reached. */
  refusal(address: string): string | null {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return `${address} is not an IP address`;
    }
    // An IPv4 address carried inside an IPv6 one reaches that IPv4 host through a translator or tunnel
    // (or a stack that maps it), so it answers to the IPv4 rules first, even where the IPv6 range is allowed.
    if (parsed.kind() === 'ipv6') {
      for (const { form, ipv4 } of embeddedIpv4(parsed as ipaddr.IPv6)) {
        const reason = this.ownRefusal(ipv4);
        if (reason) return `${address} embeds ${ipv4.toString()} (${form}), ${reason}`;
      }
    }
    const reason = this.ownRefusal(parsed);
    return reason && `${address} is ${reason}`;
  }

  private ownRefusal(parsed: ipaddr.IPv4 | ipaddr.IPv6): string | null {
    const range = parsed.range();
    if (range === 'unicast') return null;
    if (this.allow.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))) return null;
    return `a ${range} address (not allowed by RELAY_EGRESS_ALLOW)`;
  }

  /** A `lookup` for net/tls.connect: resolves, then refuses the connection if any address is off limits. */
  // biome-ignore lint/suspicious/noExplicitAny: net's lookup callback takes (error, address, family) or (error, addresses)
  readonly lookup = (hostname: string, options: { all?: boolean; family?: number }, callback: (...args: any[]) => void): void => {
    this.resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
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

interface Embedding {
  form: string;
  ipv4: ipaddr.IPv4;
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const IPV4_TRANSLATED = ipaddr.parseCIDR('::ffff:0:0:0/96');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL_USE = ipaddr.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const TEREDO = ipaddr.parseCIDR('2001::/32');

const ipv4At = (bytes: number[], offset: number, xor = 0) => new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => byte ^ xor));

/**
 * The IPv4 addresses an IPv6 address carries (IPv4-mapped ::ffff:0:0/96 is turned into IPv4 by
 * ipaddr.process before this). The local-use NAT64 block is read in its /96 layout, the common one;
 * any other layout stays refused as the rfc6052 range it is, unless an operator allow-lists it.
 */
export function embeddedIpv4(address: ipaddr.IPv6): Embedding[] {
  const bytes = address.toByteArray();
  const within = ([network, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]) => address.match(network as ipaddr.IPv6, bits);
  // :: and ::1 are in ::/96 too; their own ranges (unspecified, loopback) already say what they are.
  if (within(IPV4_COMPATIBLE) && !['unspecified', 'loopback'].includes(address.range()))
    return [{ form: 'IPv4-compatible ::/96', ipv4: ipv4At(bytes, 12) }];
  if (within(IPV4_TRANSLATED)) return [{ form: 'IPv4-translated ::ffff:0:0:0/96', ipv4: ipv4At(bytes, 12) }];
  if (within(NAT64_WELL_KNOWN)) return [{ form: 'NAT64 64:ff9b::/96', ipv4: ipv4At(bytes, 12) }];
  if (within(NAT64_LOCAL_USE)) return [{ form: 'local-use NAT64 64:ff9b:1::/48', ipv4: ipv4At(bytes, 12) }];
  if (within(SIX_TO_FOUR)) return [{ form: '6to4 2002::/16', ipv4: ipv4At(bytes, 2) }];
  // Teredo: 2001:0:<server IPv4>:<flags>:<port ^ 0xffff>:<client IPv4 ^ 0xffffffff>.
  if (within(TEREDO))
    return [
      { form: 'Teredo client, 2001::/32', ipv4: ipv4At(bytes, 12, 0xff) },
      { form: 'Teredo server, 2001::/32', ipv4: ipv4At(bytes, 4) },
    ];
  return [];
}
