import type { EgressGuard } from '../../delivery/egress-guard.js';
import { RelayError } from '../relay-error.js';

/**
 * Refuses (400) a destination URL whose host is an IP literal the delivery egress guard would refuse, so a
 * destination that can never be reached is not accepted only to fail at delivery. The judgment is the guard's
 * (its ranges and RELAY_EGRESS_ALLOW), made on the host as WHATWG URL parsing normalizes it: `2130706433` and
 * `0x7f.1` are 127.0.0.1, `[::ffff:10.0.0.1]` is an IPv4-mapped 10.0.0.1. Host names are left to the guard at
 * connect time, which judges the addresses they resolve to then.
 */
export function refuseUnreachableAddress(guard: EgressGuard, url: string): void {
  const host = new URL(url).hostname;
  const address = host.startsWith('[') ? host.slice(1, -1) : host;
  if (!/^[\d.]+$/.test(address) && !address.includes(':')) return;
  const reason = guard.refusal(address);
  if (reason)
    throw new RelayError(
      'invalid_request',
      `url points at ${address}, where deliveries are refused: ${reason}. Use a public address or host name, or have the ` +
        `operator allow that range with RELAY_EGRESS_ALLOW`,
    );
}
