// `sui::nitro_attestation::load_nitro_attestation_internal`: parses an AWS Nitro attestation (abort 1,
// EParseError, on any parsing failure), verifies its signature and certificate chain at the Clock's
// time (abort 2, EVerifyError), and returns its NitroAttestationDocument. It behaves as Sui's native at
// the newest protocol version, where nitro attestation is enabled (never abort 0) and PCRs are read
// with the upgraded rules, so the legacy "exactly six PCRs" abort 3 cannot happen.
import { abort } from '../errors.js';
import { asBigInt, bytesValue, Struct, type Value } from '../values.js';
import { bytesBehind } from './byte-args.js';
import {
  AttestationParseError,
  parseAttestation,
  type AttestationDocument,
} from './nitro-attestation-document.js';
import { AttestationVerifyError, verifyAttestation } from './nitro-attestation-verify.js';
import { register, SUI, type NativeTable } from './registry.js';

const PARSE_ERROR = 1;
const VERIFY_ERROR = 2;

/** `Option<vector<u8>>`: a struct holding a vector of zero or one element. */
const optionalBytes = (bytes: Uint8Array | undefined): Struct =>
  new Struct([bytes ? [bytesValue(bytes)] : []]);

function documentValue(document: AttestationDocument): Struct {
  const text = (value: string) => bytesValue(new TextEncoder().encode(value));
  return new Struct([
    text(document.moduleId),
    document.timestamp,
    text(document.digest),
    document.pcrs.map(([index, value]) => new Struct([index, bytesValue(value)])),
    optionalBytes(document.publicKey),
    optionalBytes(document.userData),
    optionalBytes(document.nonce),
  ]);
}

export function registerNitroAttestation(table: NativeTable): void {
  register(table, SUI, 'nitro_attestation', {
    load_nitro_attestation_internal: (_ctx, _t, [attestation, timestamp]): Value[] => {
      try {
        const parsed = parseAttestation(bytesBehind(attestation!));
        verifyAttestation(parsed, asBigInt(timestamp!));
        return [documentValue(parsed.document)];
      } catch (error) {
        if (error instanceof AttestationParseError) throw abort(PARSE_ERROR, error.message);
        if (error instanceof AttestationVerifyError) throw abort(VERIFY_ERROR, error.message);
        throw error;
      }
    },
  });
}
