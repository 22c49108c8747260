import t from 'tap';
import { privateAddressRange, publicOnlyLookup } from '../../src/outbound/address-policy.js';

t.test('every private, local and special range is refused, with its name', async (t) => {
  const refused: Record<string, string> = {
    '127.0.0.1': 'loopback',
    '127.255.255.254': 'loopback',
    '10.0.0.1': 'private',
    '172.16.0.1': 'private',
    '172.31.255.255': 'private',
    '192.168.1.1': 'private',
    '169.254.169.254': 'linkLocal',
    '100.64.0.1': 'carrierGradeNat',
    '100.127.255.255': 'carrierGradeNat',
    '0.0.0.0': 'unspecified',
    '224.0.0.1': 'multicast',
    '255.255.255.255': 'broadcast',
    '192.0.2.10': 'reserved',
    '::1': 'loopback',
    '::': 'unspecified',
    'fc00::1': 'uniqueLocal',
    'fd12:3456::1': 'uniqueLocal',
    'fe80::1': 'linkLocal',
    'fe80::1%eth0': 'linkLocal',
    'ff02::1': 'multicast',
    '::ffff:127.0.0.1': 'loopback',
    '::ffff:10.0.0.1': 'private',
    '::ffff:169.254.169.254': 'linkLocal',
    '::ffff:7f00:1': 'loopback',
    '64:ff9b::a00:1': 'rfc6052 of private',
    '2002:7f00:1::': '6to4 of loopback',
    '::ffff:0:a9fe:a9fe': 'rfc6145 of linkLocal',
    '::7f00:1': 'ipv4Compatible',
    '2001:db8::1': 'reserved',
    'not-an-ip': 'not an IP address',
  };
  for (const [address, range] of Object.entries(refused)) t.equal(privateAddressRange(address), range, address);
});

t.test('public unicast addresses pass, also inside IPv4-mapped and NAT64 addresses', async (t) => {
  for (const address of [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ]) {
    t.equal(privateAddressRange(address), null, address);
  }
});

const lookup = (hostname: string, options: { all?: boolean }) =>
  new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
    publicOnlyLookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );

t.test('the connect-time lookup refuses names that resolve to private addresses, in both result shapes', async (t) => {
  // dns.lookup answers IP literals and `localhost` without a network.
  t.same(await lookup('8.8.8.8', {}), { error: null, address: '8.8.8.8', family: 4 });
  t.same(await lookup('8.8.8.8', { all: true }), { error: null, address: [{ address: '8.8.8.8', family: 4 }] });
  for (const options of [{}, { all: true }]) {
    const { error } = await lookup('localhost', options);
    t.match(error, {
      status: 400,
      message:
        'Error accessing URL: the address resolves to a private or local network address (localhost: loopback); set URL_FETCH_ALLOW_PRIVATE_TARGETS=true to allow it',
    });
  }
});
