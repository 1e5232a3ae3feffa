// The parts of an X.509 certificate (RFC 5280) that Sui's Nitro chain check reads and Node's
// `X509Certificate` does not expose: raw issuer and subject names, validity in seconds, the public
// key's algorithm and bits, and the key-usage and basic-constraints extensions with their criticality.
// Definite-length DER only; anything else throws `DerError`.

export class DerError extends Error {}

interface Tlv {
  tag: number;
  content: Uint8Array;
  /** Tag, length and content. */
  raw: Uint8Array;
}

/** Reads the TLVs of `bytes` one after another. */
class DerReader {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  done(): boolean {
    return this.offset >= this.bytes.length;
  }

  peekTag(): number | undefined {
    return this.bytes[this.offset];
  }

  next(expectedTag?: number): Tlv {
    const start = this.offset;
    const byte = () => {
      if (this.offset >= this.bytes.length) throw new DerError('truncated');
      return this.bytes[this.offset++]!;
    };
    const tag = byte();
    if ((tag & 0x1f) === 0x1f) throw new DerError('high tag numbers are not used in certificates');
    if (expectedTag !== undefined && tag !== expectedTag) throw new DerError(`expected tag ${expectedTag}`);
    let length = byte();
    if (length & 0x80) {
      const count = length & 0x7f;
      if (count === 0 || count > 4) throw new DerError('unsupported length');
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + byte();
    }
    if (length > this.bytes.length - this.offset) throw new DerError('truncated');
    const content = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return { tag, content, raw: this.bytes.subarray(start, this.offset) };
  }

  optional(tag: number): Tlv | undefined {
    return this.peekTag() === tag ? this.next(tag) : undefined;
  }
}

const SEQUENCE = 0x30;
const BOOLEAN = 0x01;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OCTET_STRING = 0x04;
const OID = 0x06;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;

const KEY_USAGE = '551d0f';
const BASIC_CONSTRAINTS = '551d13';

export interface Certificate {
  /** The certificate's own DER, without anything after it. */
  der: Uint8Array;
  issuer: Uint8Array;
  subject: Uint8Array;
  notBefore: bigint;
  notAfter: bigint;
  /** The public key algorithm's OID, hex. */
  keyAlgorithm: string;
  publicKey: Uint8Array;
  keyUsage?: { digitalSignature: boolean; keyCertSign: boolean };
  basicConstraints?: { critical: boolean; ca: boolean; pathLength?: bigint };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Seconds since the epoch of a UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSSZ). */
function time(tlv: Tlv): bigint {
  const text = Buffer.from(tlv.content).toString('latin1');
  const pattern = tlv.tag === UTC_TIME ? /^(\d{2})(\d{10})Z$/ : /^(\d{4})(\d{10})Z$/;
  const match = tlv.tag === UTC_TIME || tlv.tag === GENERALIZED_TIME ? pattern.exec(text) : null;
  if (!match) throw new DerError('bad time');
  let year = Number(match[1]);
  if (tlv.tag === UTC_TIME) year += year < 50 ? 2000 : 1900;
  const [month, day, hour, minute, second] = match[2]!.match(/\d{2}/g)!.map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(millis);
  // Date.UTC rolls over out-of-range fields (31 April, hour 24); a real date must round-trip.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    throw new DerError('bad time');
  }
  return BigInt(millis / 1000);
}

function integer(content: Uint8Array): bigint {
  if (content.length === 0) throw new DerError('empty integer');
  let value = BigInt.asIntN(8, BigInt(content[0]!));
  for (const b of content.subarray(1)) value = (value << 8n) | BigInt(b);
  return value;
}

/** A pathLenConstraint, which x509-parser reads as a u32. */
function pathLengthOf(tlv: Tlv): bigint {
  const value = integer(tlv.content);
  if (value < 0n || value > 0xffffffffn) throw new DerError('bad path length');
  return value;
}

/** BIT STRING content: the unused-bit count, then the bits. */
function bits(tlv: Tlv): Uint8Array {
  if (tlv.content.length === 0 || tlv.content[0]! > 7) throw new DerError('bad bit string');
  return tlv.content.subarray(1);
}

function readExtensions(tlv: Tlv, certificate: Certificate): void {
  const list = new DerReader(new DerReader(tlv.content).next(SEQUENCE).content);
  const seen = new Set<string>();
  while (!list.done()) {
    const extension = new DerReader(list.next(SEQUENCE).content);
    const oid = hex(extension.next(OID).content);
    const criticalTlv = extension.optional(BOOLEAN);
    const critical = criticalTlv !== undefined && criticalTlv.content[0] !== 0;
    const value = new DerReader(extension.next(OCTET_STRING).content);
    if (seen.has(oid)) throw new DerError('duplicate extension');
    seen.add(oid);
    if (oid === KEY_USAGE) {
      const flags = bits(value.next(BIT_STRING))[0] ?? 0;
      certificate.keyUsage = { digitalSignature: (flags & 0x80) !== 0, keyCertSign: (flags & 0x04) !== 0 };
    } else if (oid === BASIC_CONSTRAINTS) {
      const fields = new DerReader(value.next(SEQUENCE).content);
      const ca = fields.optional(BOOLEAN);
      const pathLength = fields.optional(INTEGER);
      certificate.basicConstraints = {
        critical,
        ca: ca !== undefined && ca.content[0] !== 0,
        ...(pathLength && { pathLength: pathLengthOf(pathLength) }),
      };
    }
  }
}

export function parseCertificate(bytes: Uint8Array): Certificate {
  const outer = new DerReader(bytes).next(SEQUENCE);
  const tbs = new DerReader(new DerReader(outer.content).next(SEQUENCE).content);
  tbs.optional(0xa0); // version
  tbs.next(INTEGER); // serial number
  tbs.next(SEQUENCE); // signature algorithm
  const issuer = tbs.next(SEQUENCE).raw;
  const validity = new DerReader(tbs.next(SEQUENCE).content);
  const notBefore = time(validity.next());
  const notAfter = time(validity.next());
  const subject = tbs.next(SEQUENCE).raw;
  const spki = new DerReader(tbs.next(SEQUENCE).content);
  const keyAlgorithm = hex(new DerReader(spki.next(SEQUENCE).content).next(OID).content);
  const publicKey = bits(spki.next(BIT_STRING));
  const certificate: Certificate = {
    der: outer.raw,
    issuer,
    subject,
    notBefore,
    notAfter,
    keyAlgorithm,
    publicKey,
  };
  tbs.optional(0x81); // issuer unique id
  tbs.optional(0x82); // subject unique id
  const extensions = tbs.optional(0xa3);
  if (extensions) readExtensions(extensions, certificate);
  return certificate;
}
