// Verifying a parsed Nitro attestation as Sui does: the COSE signature (ECDSA P-384 with SHA-384,
// r ‖ s) under the leaf certificate's EC key, then the chain leaf → cabundle (last to first) → the
// embedded AWS root. Each certificate needs a key-usage extension (digitalSignature on the leaf,
// keyCertSign on CAs); CAs need a critical basicConstraints with cA set and a path length, when given,
// that the certificates below them respect; a leaf's basicConstraints, when present, must not be a CA
// or carry a path length; each must be valid at the Clock's time (milliseconds, truncated to
// seconds); each issuer must match the next certificate's subject byte for byte and its key verify the
// signature. Every failure throws `AttestationVerifyError`.
import { createPublicKey, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { ParsedAttestation } from './nitro-attestation-document.js';
import { DerError, parseCertificate, type Certificate } from './nitro-attestation-der.js';
import { NITRO_ROOT_CERTIFICATE } from './nitro-attestation-root.js';

export class AttestationVerifyError extends Error {}

const EC_PUBLIC_KEY = '2a8648ce3d0201';
/** AlgorithmIdentifier { id-ecPublicKey, secp384r1 }. */
const P384_ALGORITHM = Buffer.from('301006072a8648ce3d020106052b81040022', 'hex');
/** SEC1 point forms the p384 crate reads: compressed (2, 3) and uncompressed (4). */
const SEC1_FORMS = [2, 3, 4];

function derTlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
}

let root: { certificate: Certificate; key: KeyObject } | undefined;

function rootOfTrust() {
  if (!root) {
    const x509 = new X509Certificate(NITRO_ROOT_CERTIFICATE);
    root = { certificate: parseCertificate(x509.raw), key: x509.publicKey };
  }
  return root;
}

function fail(message: string): never {
  throw new AttestationVerifyError(message);
}

function certificate(bytes: Uint8Array): Certificate {
  try {
    return parseCertificate(bytes);
  } catch (error) {
    if (error instanceof DerError) fail(`invalid certificate: ${error.message}`);
    throw error;
  }
}

/** Sui takes the SEC1 point of any EC key and reads it as a P-384 point, whatever curve is named. */
function leafKey(leaf: Certificate): KeyObject {
  if (leaf.keyAlgorithm !== EC_PUBLIC_KEY) fail('leaf key is not an EC key');
  const point = Buffer.from(leaf.publicKey);
  if (!SEC1_FORMS.includes(point[0] ?? -1)) fail('leaf key is not a SEC1 point');
  const der = derTlv(
    0x30,
    Buffer.concat([P384_ALGORITHM, derTlv(0x03, Buffer.concat([Buffer.of(0), point]))]),
  );
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return fail('leaf key is not a P-384 point');
  }
}

function signedBy(subject: Certificate, issuerKey: KeyObject): boolean {
  try {
    return new X509Certificate(subject.der).verify(issuerKey);
  } catch {
    return false;
  }
}

function publicKeyOf(issuer: Certificate): KeyObject {
  try {
    return new X509Certificate(issuer.der).publicKey;
  } catch {
    return fail('issuer key unreadable');
  }
}

function checkExtensions(cert: Certificate, position: number): void {
  if (!cert.keyUsage) fail('missing key usage extension');
  const constraints = cert.basicConstraints;
  if (position === 0) {
    if (!cert.keyUsage.digitalSignature) fail('leaf certificate missing digitalSignature');
    if (constraints && (constraints.ca || constraints.pathLength !== undefined)) fail('leaf is a CA');
    return;
  }
  if (!cert.keyUsage.keyCertSign) fail('CA certificate missing keyCertSign');
  if (!constraints || !constraints.critical || !constraints.ca) fail('CA certificate invalid');
  // The path length bounds the CA certificates below this one (position - 1 of them).
  if (constraints.pathLength !== undefined && BigInt(position - 1) > constraints.pathLength) {
    fail('chain exceeds pathLenConstraint');
  }
}

function verifyChain(leaf: Uint8Array, cabundle: Uint8Array[], timestampMs: bigint): void {
  const trust = rootOfTrust();
  // Rust's `timestamp as i64 / 1000`: the u64 is read as signed, and the division truncates.
  const now = BigInt.asIntN(64, timestampMs) / 1000n;
  const chain = [leaf, ...[...cabundle].reverse()].map(certificate);
  chain.forEach((cert, position) => {
    checkExtensions(cert, position);
    if (now < cert.notBefore || now > cert.notAfter) fail('certificate not valid at this time');
    const issuer = chain[position + 1] ?? trust.certificate;
    if (!Buffer.from(cert.issuer).equals(issuer.subject)) fail('certificate chain issuer mismatch');
    const issuerKey = position + 1 < chain.length ? publicKeyOf(issuer) : trust.key;
    if (!signedBy(cert, issuerKey)) fail('certificate fails to verify');
  });
}

/** ECDSA over SHA-384 with a raw r ‖ s signature; r or s out of range is a failed check, as in p384. */
function signatureValid(message: Uint8Array, key: KeyObject, signature: Uint8Array): boolean {
  try {
    return verify('sha384', message, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

export function verifyAttestation(parsed: ParsedAttestation, timestampMs: bigint): void {
  const leaf = certificate(parsed.document.certificate);
  if (!signatureValid(parsed.signedMessage, leafKey(leaf), parsed.signature))
    fail('signature fails to verify');
  verifyChain(parsed.document.certificate, parsed.document.cabundle, timestampMs);
}
