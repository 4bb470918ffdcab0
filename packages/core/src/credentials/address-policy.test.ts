import { lookup as dnsLookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { addressKind, addressRefusal, pinAddress, type AddressPolicy, type Lookup } from './address-policy.js';

const STRICT: AddressPolicy = { allowLoopback: false, allowPrivate: false };
const LOOPBACK: AddressPolicy = { allowLoopback: true, allowPrivate: false };
const PRIVATE: AddressPolicy = { allowLoopback: false, allowPrivate: true };

/** The machine's own resolver, as a build uses it. */
const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true });

describe('the kind of an address a build would call', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'], ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['64:ff9b::127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'], ['172.16.0.1', 'private'], ['172.31.255.254', 'private'], ['192.168.1.1', 'private'], ['100.64.0.1', 'private'], ['fd12:3456::1', 'private'], ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'], ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['ff02::1', 'reserved'],
    ['93.184.216.34', 'public'], ['172.32.0.1', 'public'], ['8.8.8.8', 'public'], ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('is none for text that is no address', () => {
    expect(addressKind('example.com')).toBeNull();
    expect(addressRefusal('example.com', STRICT)).toContain('not an IP address');
  });
});

describe('an address a build may call', () => {
  it('is a public one, whatever the policy', () => {
    for (const policy of [STRICT, LOOPBACK, PRIVATE]) expect(addressRefusal('93.184.216.34', policy)).toBeNull();
  });

  it('is never link-local, unspecified or reserved: the cloud metadata address stays out of reach', () => {
    for (const policy of [STRICT, LOOPBACK, PRIVATE, { allowLoopback: true, allowPrivate: true }]) {
      for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1']) expect(addressRefusal(address, policy)).not.toBeNull();
    }
  });

  it('is loopback only where allowed, and private only where allowed, naming the setting', () => {
    expect(addressRefusal('127.0.0.1', STRICT)).toContain('allow_http_loopback_credentials');
    expect(addressRefusal('127.0.0.1', LOOPBACK)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', STRICT)).toContain('loopback');
    expect(addressRefusal('10.0.0.7', LOOPBACK)).toContain('allow_private_credentials');
    expect(addressRefusal('10.0.0.7', PRIVATE)).toBeNull();
    expect(addressRefusal('127.0.0.1', PRIVATE)).not.toBeNull();
  });
});

describe('the address a build connects to for a host', () => {
  it('is the literal address itself, checked', async () => {
    expect(await pinAddress('93.184.216.34', STRICT, systemLookup)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await pinAddress('[::1]', LOOPBACK, systemLookup)).toEqual({ address: '::1', family: 6 });
    expect(await pinAddress('127.0.0.1', STRICT, systemLookup)).toMatchObject({ refused: expect.stringContaining('loopback') as unknown });
  });

  it('is refused for a name the resolver answers with a refused address', async () => {
    // `localhost` resolves to loopback on any machine: a name is no way around the policy.
    expect(await pinAddress('localhost', STRICT, systemLookup)).toMatchObject({ refused: expect.stringContaining('localhost resolves to') as unknown });
    const pinned = await pinAddress('localhost', LOOPBACK, systemLookup);
    expect(pinned).toMatchObject({ address: expect.stringMatching(/^(127\.|::1$)/) as unknown });
  });

  it('is refused where any of the addresses a name resolves to is refused, so a rebinding has nothing to start from', async () => {
    const mixed: Lookup = async () => [{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }];
    expect(await pinAddress('api.example.com', STRICT, mixed)).toEqual({ refused: 'api.example.com resolves to 169.254.169.254 is a link-local address, which a build does not call' });
    let asked = 0;
    const counting: Lookup = async () => {
      asked += 1;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    expect(await pinAddress('api.example.com', STRICT, counting)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(asked).toBe(1);
  });

  it('is none for a name that does not resolve', async () => {
    expect(await pinAddress('no-such-host.invalid', STRICT, systemLookup)).toMatchObject({ refused: expect.stringContaining('no-such-host.invalid does not resolve') as unknown });
    expect(await pinAddress('api.example.com', STRICT, async () => [])).toEqual({ refused: 'api.example.com resolves to no address' });
  });
});
