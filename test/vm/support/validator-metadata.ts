// The validator metadata of Sui's Move tests (sui-system tests/validator_metadata_tests.move): protocol
// keys of seeds [0; 32] and [1; 32] with their proofs of possession for 0xaf76…, another proof for
// 0x8e34…, Ed25519 network and worker keys, /ip4 addresses; and the BCS of a `ValidatorMetadata`.
import { bcsBytes, utf8 } from './crypto-calls.js';
import { fromHex } from './vm.js';

export const ADDRESS = 'af76afe6f866d8426d2be85d6ef0b11f871a251d043b2f11e15563bf418f5a5a';
export const OTHER_ADDRESS = '8e3446145b0c7768839d71840df389ffa3b9742d0baaff326a3d453b595f87d7';
export const PUBKEY_SEED_0 =
  '99f25ef61f8032b914636460982c5cc6f134ef1ddae76657f2cbfec1ebfc8d097374080df6fcf0dcb8bc4b0d8e0af5d80ebbff2b4c599f54f42d6312dfc314276078c1cc347ebbbec5198be258513f386b930d02c2749a803e2330955ebd1a10';
export const POP_SEED_0 =
  'b01cc86f421beca7ab4cfca87c0799c4d038c199dd399fbec1924d4d4367866dba9e84d514710b91feb65316e4ceef43';
export const POP_SEED_0_OTHER =
  '83809369ce6572be211512d85621a075ee6a8da57fbb2d867d05e6a395e71f10e4e957796944d68a051381eb91720fba';
export const PUBKEY_SEED_1 =
  '96d19c53f1bee2158c3fcfb5bb2f06d3a8237667529d2d8f0fbb22fe5c3b3e64748420b4103674490476d98530d063271222d2a59b0f7932909cc455a30f00c69380e6885375e94243f7468e9563aad29330aca7ab431927540e9508888f0e1c';
export const POP_SEED_1 =
  'a8a0bcaf04e13565914eb22fa9f27a76f297db04446860ee2b923d10224cedb130b30783fb60b12556e7fc50e5b57a86';
export const NET_KEY = Uint8Array.of(
  32,
  219,
  38,
  23,
  242,
  109,
  116,
  235,
  225,
  192,
  219,
  45,
  40,
  124,
  162,
  25,
  33,
  68,
  52,
  41,
  123,
  9,
  98,
  11,
  184,
  150,
  214,
  62,
  60,
  210,
  121,
  62,
);
export const WORKER_KEY = Uint8Array.of(
  68,
  55,
  206,
  25,
  199,
  14,
  169,
  53,
  68,
  92,
  142,
  136,
  174,
  149,
  54,
  215,
  101,
  63,
  249,
  206,
  197,
  98,
  233,
  80,
  60,
  12,
  183,
  32,
  216,
  88,
  103,
  25,
);

export interface Metadata {
  address: string;
  protocolKey: string | Uint8Array;
  networkKey: Uint8Array;
  workerKey: Uint8Array;
  pop: string | Uint8Array;
  net: string;
  p2p: string;
  primary: string;
  worker: string;
  next: Partial<Record<'protocolKey' | 'pop' | 'networkKey' | 'workerKey', string | Uint8Array>> &
    Partial<Record<'net' | 'p2p' | 'primary' | 'worker', string>>;
}

export const VALID: Metadata = {
  address: ADDRESS,
  protocolKey: PUBKEY_SEED_0,
  networkKey: NET_KEY,
  workerKey: WORKER_KEY,
  pop: POP_SEED_0,
  net: '/ip4/127.0.0.1/tcp/80',
  p2p: '/ip4/127.0.0.1/udp/80',
  primary: '/ip4/127.0.0.1/udp/80',
  worker: '/ip4/127.0.0.1/udp/80',
  next: {},
};

/** BCS of a `sui_system::validator::ValidatorMetadata`. */
export function metadataBcs(m: Metadata): Uint8Array {
  const option = (key?: string | Uint8Array) => (key === undefined ? [0] : [1, ...bcsBytes(key)]);
  const text = (value: string) => [...bcsBytes(utf8(value))];
  return Uint8Array.from([
    ...fromHex(m.address),
    ...bcsBytes(m.protocolKey),
    ...bcsBytes(m.networkKey),
    ...bcsBytes(m.workerKey),
    ...bcsBytes(m.pop),
    ...text('name'),
    ...text('description'),
    ...text('image_url'),
    ...text('project_url'),
    ...text(m.net),
    ...text(m.p2p),
    ...text(m.primary),
    ...text(m.worker),
    ...option(m.next.protocolKey),
    ...option(m.next.pop),
    ...option(m.next.networkKey),
    ...option(m.next.workerKey),
    ...[m.next.net, m.next.p2p, m.next.primary, m.next.worker].flatMap((a) =>
      a === undefined ? [0] : [1, ...text(a)],
    ),
    ...new Uint8Array(32 + 8), // extra_fields: an empty Bag
  ]);
}
