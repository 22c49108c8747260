import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { BadRequestError } from '../errors.js';

/**
 * Which network addresses an outbound request (a document URL, a webhook) may reach. Only
 * global unicast passes: loopback, RFC 1918, unique-local, link-local (cloud metadata lives at
 * 169.254.169.254), CGNAT, multicast, unspecified, broadcast and the reserved/documentation
 * ranges are refused. An allowlist rather than a blocklist, so a range ipaddr.js learns about
 * later is refused by default.
 */

function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  // NAT64 (64:ff9b::/96) is how IPv6-only hosts reach every IPv4 site, so it cannot simply be
  // refused: the IPv4 address inside it is what decides. The same for 6to4 and SIIT.
  if (range === 'rfc6052' && parts[0] === 0x64 && parts[1] === 0xff9b && parts[2] === 0)
    return fromParts(parts[6]!, parts[7]!);
  if (range === '6to4') return fromParts(parts[1]!, parts[2]!);
  if (range === 'rfc6145') return fromParts(parts[6]!, parts[7]!);
  return null;
}

/** The name of the refused range `address` is in, or null for a public unicast address. */
export function privateAddressRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it stands for.
    ip = ipaddr.process(address);
  } catch {
    return 'not an IP address';
  }
  const range = ip.range();
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // ::/96 ("IPv4-compatible", deprecated) is 'unicast' to ipaddr.js but not to every stack.
    if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
    const embedded = embeddedIPv4(v6, range);
    if (embedded) return embedded.range() === 'unicast' ? null : `${range} of ${embedded.range()}`;
  }
  return range === 'unicast' ? null : range;
}

export function privateTargetError(host: string, range: string): BadRequestError {
  // The range, not the resolved address: an API caller should not learn the internal DNS.
  return new BadRequestError(
    `Error accessing URL: the address resolves to a private or local network address (${host}: ${range}); set URL_FETCH_ALLOW_PRIVATE_TARGETS=true to allow it`,
  );
}

/**
 * Builds a `lookup` for net.connect (undici passes its `connect` options through): the address is checked
 * at connect time, on the very result the socket will use, so a DNS answer that changes between a
 * check and the connection (rebinding) cannot slip through. Refuses if ANY answer is refused, since
 * the connection may use any of them (happy eyeballs tries several).
 */
export function createPublicOnlyLookup(refuse: (host: string, range: string) => Error): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      }
      for (const { address } of addresses) {
        const range = privateAddressRange(address);
        if (range) return callback(refuse(hostname, range), '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The document-URL policy's lookup (its refusal names URL_FETCH_ALLOW_PRIVATE_TARGETS). */
export const publicOnlyLookup: LookupFunction = createPublicOnlyLookup(privateTargetError);
