import { BlockList, isIP } from 'node:net';

/**
 * Where a build may send requests for a Credential (docs/credentials.md). Probing is the first
 * thing that makes the server call addresses its users choose, so a hosted deployment must not
 * become a way into its own network: loopback, private, link-local (the cloud metadata address
 * among them) and unspecified addresses are refused unless the configuration allows them, and
 * a host name is resolved once, its address checked and then used for the connection, so no
 * second lookup (DNS rebinding) can move it.
 */
export interface AddressPolicy {
  /** `allow_http_loopback_credentials`: loopback addresses (a test double, a local service). */
  allowLoopback: boolean;
  /** `allow_private_credentials`: private ranges too, for self-hosted use inside a network. */
  allowPrivate: boolean;
}

/** What kind of network an address is on, as far as reaching it from a server goes. */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';

function list(entries: Array<[kind: 'ipv4' | 'ipv6', network: string, prefix: number]>): BlockList {
  const blocks = new BlockList();
  for (const [kind, network, prefix] of entries) blocks.addSubnet(network, prefix, kind);
  return blocks;
}

const KINDS: Array<[AddressKind, BlockList]> = [
  ['unspecified', list([['ipv4', '0.0.0.0', 8], ['ipv6', '::', 128]])],
  ['loopback', list([['ipv4', '127.0.0.0', 8], ['ipv6', '::1', 128]])],
  ['link-local', list([['ipv4', '169.254.0.0', 16], ['ipv6', 'fe80::', 10]])],
  // RFC 1918, the carrier-grade NAT range, IPv6 unique local addresses.
  ['private', list([['ipv4', '10.0.0.0', 8], ['ipv4', '172.16.0.0', 12], ['ipv4', '192.168.0.0', 16], ['ipv4', '100.64.0.0', 10], ['ipv6', 'fc00::', 7]])],
  // Multicast, broadcast and the ranges kept for other uses, reached by no public service.
  ['reserved', list([['ipv4', '224.0.0.0', 3], ['ipv4', '192.0.0.0', 24], ['ipv4', '198.18.0.0', 15], ['ipv6', 'ff00::', 8]])],
];

/** The IPv4 address an IPv6 address carries (`::ffff:127.0.0.1`, NAT64's `64:ff9b::7f00:1`), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted !== null) return dotted[1]!;
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex === null) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The kind of an IP address (v4 or v6, brackets allowed), null for text that is none; an IPv6 address carrying an IPv4 one is that one's kind. */
export function addressKind(raw: string): AddressKind | null {
  const address = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  const family = isIP(address);
  if (family === 0) return null;
  const carried = family === 6 ? embeddedIpv4(address) : null;
  const [checked, type] = carried === null ? [address, family === 4 ? 'ipv4' : 'ipv6'] : [carried, 'ipv4'];
  for (const [kind, blocks] of KINDS) if (blocks.check(checked, type as 'ipv4' | 'ipv6')) return kind;
  return 'public';
}

/** Why a build may not connect to this address under the policy, or null where it may. */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  const kind = addressKind(address);
  if (kind === null) return `${address} is not an IP address`;
  if (kind === 'public' || (kind === 'loopback' && policy.allowLoopback) || (kind === 'private' && policy.allowPrivate)) return null;
  const setting = kind === 'loopback' ? ' (allow_http_loopback_credentials allows it)' : kind === 'private' ? ' (allow_private_credentials allows it)' : '';
  return `${address} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} address, which a build does not call${setting}`;
}

/** A host name's addresses, as `dns.promises.lookup(host, {all: true})` answers them. */
export type Lookup = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

/** The one address a build connects to for a host, or why it connects to none. */
export type PinnedAddress = { address: string; family: 4 | 6 } | { refused: string };

/**
 * Resolves a URL's host once and checks every address it resolves to: a name that resolves to
 * any refused address is refused (a public and a private answer together is how a rebinding
 * starts), else the first address is the one the build connects to, for every request.
 */
export async function pinAddress(hostname: string, policy: AddressPolicy, lookup: Lookup): Promise<PinnedAddress> {
  const literal = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(literal);
  if (family !== 0) {
    const refused = addressRefusal(literal, policy);
    return refused === null ? { address: literal, family: family as 4 | 6 } : { refused };
  }
  let found: ReadonlyArray<{ address: string; family: number }>;
  try {
    found = await lookup(hostname);
  } catch (error) {
    return { refused: `${hostname} does not resolve: ${(error as Error).message}` };
  }
  if (found.length === 0) return { refused: `${hostname} resolves to no address` };
  for (const { address } of found) {
    const refused = addressRefusal(address, policy);
    if (refused !== null) return { refused: `${hostname} resolves to ${refused}` };
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
