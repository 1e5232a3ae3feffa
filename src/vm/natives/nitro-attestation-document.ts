// Parsing an AWS Nitro attestation as Sui does before any signature or certificate is looked at: a
// COSE_Sign1 (optionally under CBOR tag 18) whose protected header is exactly {1: -35} (ES384), a
// payload of 1 to 16 383 bytes and a 96-byte signature; the payload a CBOR map with text keys, none
// repeated, holding the attestation document's fields within AWS's size limits. PCRs follow Sui's
// newest rules (the upgraded, all-nonzero and always-required protocol flags on): indices 0 to 31
// kept when nonzero, the required ones (0, 1, 2, 3, 4, 8) kept even when zero, others skipped, an
// index kept twice refused. Every failure throws `AttestationParseError`.
import { cborEqual, CborError, decodeCbor, encodeStrings, type Cbor } from './nitro-attestation-cbor.js';

export class AttestationParseError extends Error {}

export interface AttestationDocument {
  moduleId: string;
  timestamp: bigint;
  digest: string;
  /** PCR index to value, in ascending index order. */
  pcrs: [number, Uint8Array][];
  certificate: Uint8Array;
  /** Root first, as AWS lists it. */
  cabundle: Uint8Array[];
  publicKey?: Uint8Array;
  userData?: Uint8Array;
  nonce?: Uint8Array;
}

export interface ParsedAttestation {
  signature: Uint8Array;
  /** COSE's Sig_structure: ["Signature1", protected header, empty external data, payload]. */
  signedMessage: Uint8Array;
  document: AttestationDocument;
}

const COSE_SIGN1_TAG = 18n;
const MAX_PAYLOAD = 16384;
const SIGNATURE_LENGTH = 96;
const MAX_CERT_CHAIN = 10;
const MAX_CERT = 1024;
const MAX_USER_DATA = 512;
const MAX_PUBLIC_KEY = 1024;
const MAX_PCR_ENTRIES = 32;
const PCR_LENGTHS = [32, 48, 64];
const REQUIRED_PCRS = [0, 1, 2, 3, 4, 8];
const MAX_PCR_INDEX = 31n;

function fail(message: string): never {
  throw new AttestationParseError(message);
}

function decode(bytes: Uint8Array): Cbor {
  try {
    return decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) fail(error.message);
    throw error;
  }
}

const bytesOf = (value: Cbor | undefined): Uint8Array | undefined =>
  value?.kind === 'bytes' ? value.value : undefined;

/** Sui reads the unprotected header as a map (tags around it skipped) with no key twice. */
function checkHeaderMap(value: Cbor): void {
  while (value.kind === 'tag') value = value.value;
  if (value.kind !== 'map') fail('unprotected header is not a map');
  const keys = value.entries.map(([key]) => key);
  if (keys.some((key, i) => keys.slice(0, i).some((other) => cborEqual(key, other)))) {
    fail('duplicate key in header');
  }
}

function isEs384Header(bytes: Uint8Array): boolean {
  let header: Cbor;
  try {
    header = decodeCbor(bytes);
  } catch {
    return false;
  }
  if (header.kind !== 'map' || header.entries.length !== 1) return false;
  const [[key, value]] = header.entries as [[Cbor, Cbor]];
  return key.kind === 'int' && key.value === 1n && value.kind === 'int' && value.value === -35n;
}

function parseCoseSign1(bytes: Uint8Array) {
  let value = decode(bytes);
  if (value.kind === 'tag') {
    if (value.tag !== COSE_SIGN1_TAG) fail('invalid tag');
    value = value.value;
  }
  // Extra array elements after the fourth are not read.
  if (value.kind !== 'array' || value.items.length < 4) fail('not a COSE_Sign1 array');
  const [protectedItem, unprotected, payloadItem, signatureItem] = value.items as [Cbor, Cbor, Cbor, Cbor];
  const protectedHeader = bytesOf(protectedItem) ?? fail('protected header must be bytes');
  checkHeaderMap(unprotected);
  const payload = bytesOf(payloadItem) ?? fail('payload must be bytes');
  const signature = bytesOf(signatureItem) ?? fail('signature must be bytes');
  if (
    !isEs384Header(protectedHeader) ||
    payload.length < 1 ||
    payload.length >= MAX_PAYLOAD ||
    signature.length !== SIGNATURE_LENGTH
  ) {
    fail('invalid cbor header');
  }
  return { protectedHeader, payload, signature };
}

function documentMap(payload: Uint8Array): Map<string, Cbor> {
  const value = decode(payload);
  if (value.kind !== 'map') fail('document is not a map');
  const fields = new Map<string, Cbor>();
  for (const [key, field] of value.entries) {
    if (key.kind !== 'text') fail('document key is not text');
    if (fields.has(key.value)) fail('duplicate keys found in attestation document');
    fields.set(key.value, field);
  }
  return fields;
}

/** An optional byte-string field: anything that is not a byte string counts as absent. */
function optionalBytes(fields: Map<string, Cbor>, name: string, max: number): Uint8Array | undefined {
  const value = bytesOf(fields.get(name));
  if (value && value.length > max) fail(`invalid ${name}`);
  return value;
}

function parsePcrs(value: Cbor | undefined): [number, Uint8Array][] {
  if (!value) fail('pcrs not found');
  if (value.kind !== 'map') fail('invalid pcrs format');
  if (value.entries.length > MAX_PCR_ENTRIES) fail('invalid PCRs length');
  const pcrs = new Map<number, Uint8Array>();
  for (const [key, entry] of value.entries) {
    if (key.kind !== 'int') fail('invalid PCR key format');
    const pcr = bytesOf(entry) ?? fail('invalid PCR value format');
    if (!PCR_LENGTHS.includes(pcr.length)) fail('invalid PCR value length');
    if (key.value < 0n || key.value > 0xffn) fail('invalid PCR index');
    const index = Number(key.value);
    // Only indices already kept count as repeated: a skipped index may come again.
    if (pcrs.has(index)) fail(`duplicate PCR index ${index}`);
    const kept = pcr.some((b) => b !== 0) || REQUIRED_PCRS.includes(index);
    if (key.value <= MAX_PCR_INDEX && kept) pcrs.set(index, pcr);
  }
  return [...pcrs].sort(([a], [b]) => a - b);
}

function parseCabundle(value: Cbor | undefined): Uint8Array[] {
  if (!value) fail('cabundle not found');
  if (value.kind !== 'array') fail('invalid cabundle');
  if (value.items.length === 0 || value.items.length > MAX_CERT_CHAIN) fail('invalid ca chain length');
  return value.items.map((item) => {
    const cert = bytesOf(item) ?? fail('invalid certificate bytes');
    if (cert.length === 0 || cert.length > MAX_CERT) fail('invalid ca length');
    return cert;
  });
}

function parseDocument(payload: Uint8Array): AttestationDocument {
  const fields = documentMap(payload);
  const moduleId = fields.get('module_id');
  if (moduleId?.kind !== 'text' || moduleId.value === '') fail('invalid module id');
  const digest = fields.get('digest');
  if (digest?.kind !== 'text' || digest.value !== 'SHA384') fail('invalid digest');
  const certificate = bytesOf(fields.get('certificate'));
  if (!certificate || certificate.length === 0 || certificate.length > MAX_CERT) fail('invalid certificate');
  const timestamp = fields.get('timestamp');
  if (timestamp?.kind !== 'int' || timestamp.value < 0n || timestamp.value >= 1n << 64n) {
    fail('invalid timestamp');
  }
  const publicKey = optionalBytes(fields, 'public_key', MAX_PUBLIC_KEY);
  const userData = optionalBytes(fields, 'user_data', MAX_USER_DATA);
  const nonce = optionalBytes(fields, 'nonce', MAX_USER_DATA);
  return {
    moduleId: moduleId.value,
    timestamp: timestamp.value,
    digest: digest.value,
    pcrs: parsePcrs(fields.get('pcrs')),
    certificate,
    cabundle: parseCabundle(fields.get('cabundle')),
    ...(publicKey && { publicKey }),
    ...(userData && { userData }),
    ...(nonce && { nonce }),
  };
}

export function parseAttestation(bytes: Uint8Array): ParsedAttestation {
  const { protectedHeader, payload, signature } = parseCoseSign1(bytes);
  const document = parseDocument(payload);
  const signedMessage = encodeStrings(['Signature1', protectedHeader, new Uint8Array(), payload]);
  return { signature, signedMessage, document };
}
