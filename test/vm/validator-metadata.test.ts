// sui_system::validator::validate_metadata (and its native validate_metadata_bcs) against the values of
// Sui's own Move tests (support/validator-metadata.ts) and Sui's checks in `ValidatorMetadataV1::verify`
// (crates/sui-types/src/sui_system_state/sui_system_state_inner_v1.rs), one abort code at a time. The
// wheel cannot check this native: its validate_metadata_bcs accepts any bytes (differential.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { bcsBytes, utf8 } from './support/crypto-calls.js';
import {
  metadataBcs,
  NET_KEY,
  OTHER_ADDRESS,
  POP_SEED_0_OTHER,
  POP_SEED_1,
  PUBKEY_SEED_1,
  VALID,
  type Metadata,
} from './support/validator-metadata.js';
import { frameworkVm, fromHex } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

/** Runs `validator::validate_metadata(&metadata)`: 'ok', or the status and code. */
function validate(changes: Partial<Metadata>): string {
  const result = vm.callFunction({
    package: '0x3',
    module: 'validator',
    function: 'validate_metadata',
    typeArgs: [],
    args: [metadataBcs({ ...VALID, ...changes })],
  });
  if (result.success) return 'ok';
  return `${result.error.status} ${String(result.error.code ?? '')}`.trim();
}

describe('validator::validate_metadata', () => {
  it("accepts the metadata of Sui's tests, with and without next-epoch values", () => {
    expect(validate({})).toBe('ok');
    const next = {
      protocolKey: PUBKEY_SEED_1,
      pop: POP_SEED_1,
      net: '/ip4/42.42.42.42/tcp/80',
      p2p: '/ip4/43.43.43.43/udp/80',
      primary: '/dns/primary.example/udp/8081/quic-v1',
      worker: '/ip6/::1/udp/8082',
      networkKey: Uint8Array.of(
        148,
        117,
        212,
        171,
        44,
        104,
        167,
        11,
        177,
        100,
        4,
        55,
        17,
        235,
        117,
        45,
        117,
        84,
        159,
        49,
        14,
        159,
        239,
        246,
        237,
        21,
        83,
        166,
        112,
        53,
        62,
        199,
      ),
      workerKey: Uint8Array.of(
        215,
        64,
        85,
        185,
        231,
        116,
        69,
        151,
        97,
        79,
        4,
        183,
        20,
        70,
        84,
        51,
        211,
        162,
        115,
        221,
        73,
        241,
        240,
        171,
        192,
        25,
        232,
        106,
        175,
        162,
        176,
        43,
      ),
    };
    expect(validate({ next })).toBe('ok');
    // The seed-0 key with the proof Sui's tests make for 0x8e34…
    expect(validate({ address: OTHER_ADDRESS, pop: POP_SEED_0_OTHER })).toBe('ok');
  });

  it('aborts with Sui codes 0–3 for keys and proofs of possession', () => {
    expect(validate({ protocolKey: utf8('incorrect') })).toBe('ABORTED 1');
    expect(validate({ pop: POP_SEED_0_OTHER })).toBe('ABORTED 0'); // a proof for another address
    expect(validate({ pop: POP_SEED_1 })).toBe('ABORTED 0'); // another key's proof
    expect(validate({ pop: utf8('proof_of_possession') })).toBe('ABORTED 0');
    // The identity decodes as a key but is refused when validated, as part of the proof check.
    expect(validate({ protocolKey: 'c0' + '00'.repeat(95) })).toBe('ABORTED 0');
    expect(validate({ networkKey: utf8('incorrect') })).toBe('ABORTED 2');
    expect(validate({ workerKey: Uint8Array.of(42) })).toBe('ABORTED 3');
    expect(validate({ workerKey: NET_KEY })).toBe('ABORTED 3'); // the same key twice
  });

  it('aborts with Sui codes 4–7 for addresses; p2p, primary and worker must be /ip4|ip6|dns then /udp', () => {
    expect(validate({ net: 'incorrect' })).toBe('ABORTED 4');
    expect(validate({ net: '/ip4/127.0.0.1/tcp/80/' })).toBe('ABORTED 4'); // a trailing slash
    expect(validate({ net: '/ip4/127.0.0.01/tcp/80' })).toBe('ABORTED 4'); // Rust refuses leading zeros
    expect(validate({ net: '/dns4/example.com/tcp/65536' })).toBe('ABORTED 4');
    expect(validate({ net: '' })).toBe('ok'); // the empty multiaddr parses; net needs no udp
    expect(validate({ net: '/dns4/example.com/tcp/+443/http' })).toBe('ok');
    expect(validate({ p2p: 'incorrect' })).toBe('ABORTED 5');
    expect(validate({ p2p: '/ip4/127.0.0.1/tcp/80' })).toBe('ABORTED 5');
    expect(validate({ p2p: '/dns4/example.com/udp/80' })).toBe('ABORTED 5'); // only /dns
    expect(validate({ primary: 'incorrect' })).toBe('ABORTED 6');
    expect(validate({ worker: 'incorrect' })).toBe('ABORTED 7');
  });

  it('checks next-epoch values the same way, a next-epoch key needing its proof', () => {
    expect(validate({ next: { protocolKey: PUBKEY_SEED_1 } })).toBe('ABORTED 0');
    expect(validate({ next: { protocolKey: 'beef' } })).toBe('ABORTED 1');
    expect(validate({ next: { networkKey: fromHex('beef') } })).toBe('ABORTED 2');
    expect(validate({ next: { workerKey: fromHex('beef') } })).toBe('ABORTED 3');
    expect(validate({ next: { networkKey: NET_KEY, workerKey: NET_KEY } })).toBe('ABORTED 3');
    expect(validate({ next: { net: 'beef' } })).toBe('ABORTED 4');
    expect(validate({ next: { p2p: 'beef' } })).toBe('ABORTED 5');
    expect(validate({ next: { primary: 'beef' } })).toBe('ABORTED 6');
    expect(validate({ next: { worker: 'beef' } })).toBe('ABORTED 7');
  });

  it('fails with MALFORMED on bytes that are no ValidatorMetadata, and refuses to guess on unparsed protocols', () => {
    const call = (bytes: Uint8Array) =>
      vm.callFunction({
        package: '0x3',
        module: 'validator',
        function: 'validate_metadata_bcs',
        typeArgs: [],
        args: [bcsBytes(bytes)],
      });
    const valid = metadataBcs(VALID);
    expect(call(valid).success).toBe(true);
    for (const bytes of [valid.subarray(0, valid.length - 1), Uint8Array.from([...valid, 0])]) {
      const result = call(bytes);
      expect(result.success ? 'ok' : result.error.status).toBe('MALFORMED');
    }
    const p2pId = validate({ net: '/ip4/1.2.3.4/tcp/80/p2p/QmYyQSo1c1Ym7orWxLYvCrM2EmxFTANf8wXmmE7DWjhx5N' });
    expect(p2pId).toBe('UNIMPLEMENTED_NATIVE');
  });
});
