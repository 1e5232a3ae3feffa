// The text form of a multiaddr as Sui reads validator addresses (`Multiaddr::try_from(String)`, the
// `multiaddr` crate 0.17's `FromStr`): `/` then protocol names, each followed by its value where it has
// one; values are parsed as Rust parses them (`Ipv4Addr`, `Ipv6Addr`, `u16`, `u64`). Protocols whose
// values are multihashes, multibase or onion addresses are not parsed here (`Unparsed`), so a caller
// can refuse to guess.

export interface Component {
  protocol: string;
  value?: string;
}

/** A protocol this module does not parse the value of (p2p, certhash, onion, x-parity-ws, …). */
export class Unparsed extends Error {}

const NO_VALUE = new Set([
  'tls',
  'noise',
  'udt',
  'utp',
  'http',
  'https',
  'quic',
  'quic-v1',
  'ws',
  'wss',
  'p2p-websocket-star',
  'p2p-webrtc-star',
  'webrtc',
  'webrtc-direct',
  'p2p-webrtc-direct',
  'p2p-circuit',
]);
const PORTS = new Set(['tcp', 'udp', 'dccp', 'sctp']);
const ANY_TEXT = new Set(['dns', 'dns4', 'dns6', 'dnsaddr', 'unix']);
const NOT_PARSED_HERE = new Set(['p2p', 'certhash', 'onion', 'onion3', 'x-parity-ws', 'x-parity-wss']);

/** Rust's `str::parse` of an unsigned integer: an optional `+`, then decimal digits, no overflow. */
function parseUnsigned(text: string, max: bigint): boolean {
  const digits = text.startsWith('+') ? text.slice(1) : text;
  return /^[0-9]+$/.test(digits) && BigInt(digits) <= max;
}

/** Rust's `Ipv4Addr::from_str`: four decimal octets, no leading zeros. */
function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/** Groups of one side of `::`: hex groups of 1–4 digits, the last one may be an IPv4 (two groups). */
function ipv6Groups(text: string): number | undefined {
  if (text === '') return 0;
  const groups = text.split(':');
  let count = 0;
  for (const [i, group] of groups.entries()) {
    if (i === groups.length - 1 && isIpv4(group)) count += 2;
    else if (/^[0-9a-fA-F]{1,4}$/.test(group)) count += 1;
    else return undefined;
  }
  return count;
}

/** Rust's `Ipv6Addr::from_str`: eight groups, or fewer around one `::` standing for at least one. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const counts = halves.map(ipv6Groups);
  if (counts.some((c) => c === undefined)) return false;
  const total = counts.reduce((a, b) => a! + b!, 0)!;
  // Only the tail may end in an IPv4; a head holding one must be the whole address.
  if (halves.length === 2 && /\./.test(halves[0]!)) return false;
  return halves.length === 1 ? total === 8 : total <= 7;
}

function valueIsValid(protocol: string, value: string): boolean {
  if (protocol === 'ip4') return isIpv4(value);
  if (protocol === 'ip6') return isIpv6(value);
  if (PORTS.has(protocol)) return parseUnsigned(value, 0xffffn);
  if (protocol === 'memory') return parseUnsigned(value, 0xffff_ffff_ffff_ffffn);
  return ANY_TEXT.has(protocol);
}

/** The components of a multiaddr in text form, or undefined where the crate refuses it. */
export function parseMultiaddr(text: string): Component[] | undefined {
  const parts = text.split('/');
  if (parts.shift() !== '') return undefined; // must start with `/` (the empty string is empty)
  const components: Component[] = [];
  while (parts.length > 0) {
    const protocol = parts.shift()!;
    if (NO_VALUE.has(protocol)) {
      components.push({ protocol });
      continue;
    }
    if (NOT_PARSED_HERE.has(protocol))
      throw new Unparsed(`multiaddr protocol /${protocol} is not parsed here`);
    const value = parts.shift();
    if (value === undefined || !valueIsValid(protocol, value)) return undefined;
    components.push({ protocol, value });
  }
  return components;
}

/** `to_anemo_address`: the address starts with /ip4, /ip6 or /dns, then /udp. */
export function isAnemoAddress(components: Component[]): boolean {
  const [host, port] = components;
  return !!host && ['ip4', 'ip6', 'dns'].includes(host.protocol) && port?.protocol === 'udp';
}
