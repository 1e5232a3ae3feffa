// sui::bls12381 (signature checks) and the sui::group_ops natives behind its group operations, run
// through the framework's own Move functions, against the vectors of Sui's Move tests
// (sui-framework tests/crypto/bls12381_tests.move: regression bytes of k·g in G1, G2 and GT, a
// min_sig signature and a drand min_pk round) and the generator coordinates of the BLS12-381
// specification. The wheel cannot check these natives: it takes their vectors by value and stops
// with INTERNAL_TYPE_ERROR.
import { sha256 } from '@noble/hashes/sha2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { aborted, bcsByteVectors, bcsBytes, FALSE, run, TRUE, type Outcome } from './support/crypto-calls.js';
import { frameworkVm, fromHex, hex, u64 } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

/** Calls `bls12381::fn` on elements (their bytes, hex) and returns the one element it makes. */
function element(fn: string, ...args: (string | Uint8Array)[]): string {
  const outcome = run(
    vm,
    'bls12381',
    fn,
    args.map((a) => (typeof a === 'string' ? bcsBytes(a) : a)),
  );
  if (!('ok' in outcome))
    throw new Error(`${fn} failed: ${JSON.stringify(outcome, (_k, v: unknown) => String(v))}`);
  return hex(fromHex(outcome.ok[0]!).subarray(lengthPrefix(outcome.ok[0]!)));
}

/** Bytes of the ULEB128 length in front of a BCS vector given as hex. */
function lengthPrefix(bcsHex: string): number {
  let n = 0;
  while (parseInt(bcsHex.slice(2 * n, 2 * n + 2), 16) & 0x80) n++;
  return n + 1;
}

const outcome = (fn: string, ...args: (string | Uint8Array)[]): Outcome =>
  run(
    vm,
    'bls12381',
    fn,
    args.map((a) => (typeof a === 'string' ? bcsBytes(a) : a)),
  );
const scalar = (n: number) => element('scalar_from_u64', u64(n));

const G1_GENERATOR =
  '97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
const G2_GENERATOR =
  '93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8';
const GT_GENERATOR =
  '1250ebd871fc0a92a7b2d83168d0d727272d441befa15c503dd8e90ce98db3e7b6d194f60839c508a84305aaca1789b6089a1c5b46e5110b86750ec6a532348868a84045483c92b7af5af689452eafabf1a8943e50439f1d59882a98eaa0170f19f26337d205fb469cd6bd15c3d5a04dc88784fbb3d0b2dbdea54d43b2b73f2cbb12d58386a8703e0f948226e47ee89d06fba23eb7c5af0d9f80940ca771b6ffd5857baaf222eb95a7d2809d61bfe02e1bfd1b68ff02f0b8102ae1c2d5d5ab1a1368bb445c7c2d209703f239689ce34c0378a68e72a6b3b216da0e22a5031b54ddff57309396b38c881c4c849ec23e87193502b86edb8857c273fa075a50512937e0794e1e65a7617c90d8bd66065b1fffe51d7a579973b1315021ec3c19934f11b8b424cd48bf38fcef68083b0b0ec5c81a93b330ee1a677d0d15ff7b984e8978ef48881e32fac91b93b47333e2ba5703350f55a7aefcd3c31b4fcb6ce5771cc6a0e9786ab5973320c806ad360829107ba810c5a09ffdd9be2291a0c25a99a201b2f522473d171391125ba84dc4007cfbf2f8da752f7c74185203fcca589ac719c34dffbbaad8431dad1c1fb597aaa5018107154f25a764bd3c79937a45b84546da634b8f6be14a8061e55cceba478b23f7dacaa35c8ca78beae9624045b4b604c581234d086a9902249b64728ffd21a189e87935a954051c7cdba7b3872629a4fafc05066245cb9108f0242d0fe3ef0f41e58663bf08cf068672cbd01a7ec73baca4d72ca93544deff686bfd6df543d48eaa24afe47e1efde449383b676631';
const GT_54321 =
  '19763b7ba7f964f0266ea4acb45211c2348c42c557e02568cd9e43f23f6dfab7fff3b8ee79ff9c0ff36c8368e82f92ff08f9578afa437e97d2c515232f8acc83a562afe5dba1ce39d0a12cdd7df45ba52139291ff44192df325e6a3be19049920eff6c9895f58f39a102b930509a66047c2e77126de80d2fababcf71f0b83ff95fb2e5ce51b99ffb02262a2845158b53095654819a67adbf8c992c565df26b1d363f9044ca515b5d33f27f2f6848a9fb9d55ae13a5690a47d3e8e03c8441d506018083311e3531c1a3a935331913875452ec92656947e6ab101d9ef2cd358ca04d083eadc6159b1da86e49a4c11d9b731213e4113b956ddcf6d7d87dd70f7f55fc08c5935618aca8e8621ae9d4de2d06dda448c842b6954f90ba5fb31bb3ff64167384dd48635008693bac01aa0863ff4bf763126de8f9e19d6dac221e64539aacbae77f1938d46bd71735eb5c1730fd19be89613cda8e59ff5e2446adea9659322a14e668d5d13b36bb0548125b8f0d357936990b47a876a8a22c1a33cdf92509052d4c632440d161db2e807d953fa330ac7b10333b97ec4aba2bbcb9fdd43d62f17d7d0db194bce39f3ea78bd53501095d790bacc492a9ddf499aaec722f922bd2f1d491d53c979cabeea22a3be374674c6257e543ae8a1e574425a58d96e90b2caa4fd13534158dd916fc8682858013cb343d367db7d3cdc8cae8efa8241ce175a6b328b57b6f180e850ec53a6a6808fc45b2acaf06492a4a1fe98fd71d31b643bd8ef9472f0f83eeb5cd8b63a371c7c91891d0d637f9345024e8673802e2';
const ORDER = '73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001';

// Sui's min_sig vector, and a drand (min_pk) round: the message is sha256(previous signature ‖ round, big-endian).
const MIN_SIG = {
  pk: '8df101606f91f3cad7f54b8aff0f0f64c41c482d9b9f9fe81d2b607bc5f611bdfa8017cf04b47b44b222c356ef555fbd11058c52c077f5a7ec6a15ccfd639fdc9bd47d005a111dd6cdb8c02fe49608df55a3c9822986ad0b86bdea3abfdfe464',
  sig: '908e345f2e2803cd941ae88c218c96194233c9053fa1bca52124787d3cca141c36429d7652435a820c72992d5eee6317',
  msg: '0101010101',
};
const DRAND = {
  pk: '868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31',
  sig: 'a2cd8577944b84484ef557a7f92f0d5092779497cc470b1b97680b8f7c807d97250d310b801c7c2185c7c8a21032d45403b97530ca87bd8f05d0cf4ffceb4bcb9bf7184fb604967db7e9e6ea555bc51b25a9e41fbd51181f712aa73aaec749fe',
  prevSig:
    'a96aace596906562dc525dba4dff734642d71b334d51324f9c9bcb5a3d6caf14b05cde91d6507bf4615cb4285e5b4efd1358ebc46b80b51e338f9dc46cca17cf2e046765ba857c04101a560887fa81aef101a5bb3b2350884558bd3adc72be37',
  round: 2373935n,
};
const drandMessage = (round: bigint) =>
  hex(sha256(Uint8Array.of(...fromHex(DRAND.prevSig), ...u64be(round))));
const u64be = (n: bigint) => u64(n).reverse();

describe('bls12381 signature checks', () => {
  it("min_sig accepts Sui's vector and rejects another message or truncated bytes", () => {
    expect(outcome('bls12381_min_sig_verify', MIN_SIG.sig, MIN_SIG.pk, MIN_SIG.msg)).toEqual(TRUE);
    expect(outcome('bls12381_min_sig_verify', MIN_SIG.sig, MIN_SIG.pk, '0201010101')).toEqual(FALSE);
    expect(outcome('bls12381_min_sig_verify', MIN_SIG.sig, MIN_SIG.pk.slice(6), MIN_SIG.msg)).toEqual(FALSE);
    expect(outcome('bls12381_min_sig_verify', MIN_SIG.sig.slice(2), MIN_SIG.pk, MIN_SIG.msg)).toEqual(FALSE);
  });

  it('min_pk accepts a drand round and rejects another round, a changed or truncated signature', () => {
    const verify = (sig: string, pk: string, round: bigint) =>
      outcome('bls12381_min_pk_verify', sig, pk, drandMessage(round));
    expect(verify(DRAND.sig, DRAND.pk, DRAND.round)).toEqual(TRUE);
    expect(verify(DRAND.sig, DRAND.pk, DRAND.round + 1n)).toEqual(FALSE);
    expect(verify('1111' + DRAND.sig.slice(4), DRAND.pk, DRAND.round)).toEqual(FALSE);
    expect(verify(DRAND.sig.slice(2), DRAND.pk, DRAND.round)).toEqual(FALSE);
    expect(verify(DRAND.sig, DRAND.pk.slice(2), DRAND.round)).toEqual(FALSE);
  });

  it('refuses the identity as public key', () => {
    const identityG1 = 'c0' + '00'.repeat(47);
    expect(outcome('bls12381_min_pk_verify', DRAND.sig, identityG1, drandMessage(DRAND.round))).toEqual(
      FALSE,
    );
  });
});

describe('group_ops over BLS12-381', () => {
  it('scalars: arithmetic modulo r in 32 big-endian bytes, and their aborts', () => {
    expect(scalar(8)).toBe('00'.repeat(31) + '08');
    expect(element('scalar_sub', scalar(0), scalar(1))).toBe(
      '73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000',
    );
    expect(element('scalar_sub', scalar(0), scalar(8))).toBe(
      '73eda753299d7d483339d80809a1d80553bda402fffe5bfefffffffefffffff9',
    );
    expect(element('scalar_mul', scalar(4), scalar(2))).toBe(scalar(8));
    expect(element('scalar_div', scalar(2), scalar(6))).toBe(scalar(3));
    expect(element('scalar_add', element('scalar_neg', scalar(3)), scalar(6))).toBe(scalar(3));
    expect(outcome('scalar_from_bytes', ORDER)).toEqual(aborted(1, 'group_ops'));
    expect(outcome('scalar_from_bytes', ORDER.slice(4))).toEqual(aborted(1, 'group_ops'));
    expect(outcome('scalar_div', scalar(0), scalar(10))).toEqual(aborted(1, 'group_ops'));
    expect(outcome('scalar_inv', scalar(0))).toEqual(aborted(1, 'group_ops'));
  });

  it('G1 and G2: the regression bytes of 54321·g, identities, and group laws', () => {
    expect(element('g1_generator')).toBe(G1_GENERATOR);
    expect(element('g1_identity')).toBe('c0' + '00'.repeat(47));
    expect(element('g1_mul', scalar(54321), G1_GENERATOR)).toBe(
      '821285b97f9c0420a2d37951edbda3d7c3ebac40c6f194faa0256f6e569eba49829cd69c27f1dd9df2dd83bac1f5aa49',
    );
    expect(element('g2_generator')).toBe(G2_GENERATOR);
    expect(element('g2_mul', scalar(54321), G2_GENERATOR)).toBe(
      '827f4d489fcad0bf484adcc739dfe0dfbe5c0a999fd8aa022e1b66d199f328a5a2ff6ee1e568f09dc39df4c44f9527bc011cb2a633188bd08146f6a730de30f8e5cdcaa48d69e27dd945315f5a3950bc311be5a5ea9f3d4a4cdd4315ae65040a',
    );
    const twoG = element('g1_add', G1_GENERATOR, G1_GENERATOR);
    const fourG = element('g1_add', twoG, twoG);
    expect(element('g1_mul', scalar(4), G1_GENERATOR)).toBe(fourG);
    expect(element('g1_div', scalar(2), fourG)).toBe(twoG);
    expect(element('g1_sub', G1_GENERATOR, G1_GENERATOR)).toBe('c0' + '00'.repeat(47));
    expect(element('g2_sub', G2_GENERATOR, G2_GENERATOR)).toBe('c0' + '00'.repeat(95));
    expect(outcome('g1_div', scalar(0), G1_GENERATOR)).toEqual(aborted(1, 'group_ops'));
    expect(outcome('g1_from_bytes', G1_GENERATOR.slice(2))).toEqual(aborted(1, 'group_ops'));
    expect(outcome('g2_from_bytes', G2_GENERATOR + 'bb')).toEqual(aborted(1, 'group_ops'));
    // An x ≥ p is no canonical encoding.
    expect(
      outcome(
        'g1_from_bytes',
        '9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab',
      ),
    ).toEqual(aborted(1, 'group_ops'));
    expect(outcome('hash_to_g1', new Uint8Array([0]))).toEqual(aborted(1, 'group_ops'));
  });

  it('GT: the generator is e(g1, g2), the regression bytes of 54321·g, and pairings with identities', () => {
    expect(element('gt_generator')).toBe(GT_GENERATOR);
    expect(element('pairing', G1_GENERATOR, G2_GENERATOR)).toBe(GT_GENERATOR);
    expect(element('gt_mul', scalar(54321), GT_GENERATOR)).toBe(GT_54321);
    const gtIdentity = element('gt_identity');
    expect(gtIdentity).toBe('00'.repeat(47) + '01' + '00'.repeat(528));
    expect(element('pairing', element('g1_identity'), G2_GENERATOR)).toBe(gtIdentity);
    const g1x3 = element('g1_mul', scalar(3), G1_GENERATOR);
    const g2x5 = element('g2_mul', scalar(5), G2_GENERATOR);
    expect(element('pairing', g1x3, g2x5)).toBe(element('gt_mul', scalar(15), GT_GENERATOR));
    expect(element('gt_sub', GT_GENERATOR, GT_GENERATOR)).toBe(gtIdentity);
    expect(element('gt_div', scalar(2), element('gt_add', GT_GENERATOR, GT_GENERATOR))).toBe(GT_GENERATOR);
  });

  it('hash_to_g1 and hash_to_g2 follow the signature DSTs: e(sig, g2) = e(H(msg), pk)', () => {
    const hashed = element('hash_to_g1', MIN_SIG.msg);
    expect(element('pairing', MIN_SIG.sig, G2_GENERATOR)).toBe(element('pairing', hashed, MIN_SIG.pk));
    const hashedG2 = element('hash_to_g2', drandMessage(DRAND.round));
    expect(element('pairing', G1_GENERATOR, DRAND.sig)).toBe(element('pairing', DRAND.pk, hashedG2));
  });

  it('multi-scalar multiplication equals the sum of products, up to 32 terms', () => {
    const count = 5;
    const scalars = Array.from({ length: count }, (_, i) => scalar(i + 100));
    const points = Array.from({ length: count }, (_, i) => element('g1_mul', scalar(i + 1), G1_GENERATOR));
    let expected = element('g1_identity');
    for (let i = 0; i < count; i++)
      expected = element('g1_add', expected, element('g1_mul', scalars[i]!, points[i]!));
    expect(element('g1_multi_scalar_multiplication', bcsByteVectors(scalars), bcsByteVectors(points))).toBe(
      expected,
    );
    const g2Points = points.slice(0, 2).map((_, i) => element('g2_mul', scalar(i + 1), G2_GENERATOR));
    const g2Expected = element('g2_mul', scalar(100 + 2 * 101), G2_GENERATOR);
    expect(
      element(
        'g2_multi_scalar_multiplication',
        bcsByteVectors(scalars.slice(0, 2)),
        bcsByteVectors(g2Points),
      ),
    ).toBe(g2Expected);
    const many = (n: number, item: string) => bcsByteVectors(Array.from({ length: n }, () => item));
    expect(outcome('g1_multi_scalar_multiplication', many(33, scalar(1)), many(33, G1_GENERATOR))).toEqual(
      aborted(2, 'group_ops'),
    );
    expect(outcome('g1_multi_scalar_multiplication', many(0, ''), many(0, ''))).toEqual(
      aborted(1, 'group_ops'),
    );
  });

  it('uncompressed G1: x ‖ y of the generator (BLS12-381 spec), back again, and sums', () => {
    const uncompressed =
      '17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb' +
      '08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1';
    expect(element('g1_to_uncompressed_g1', G1_GENERATOR)).toBe(uncompressed);
    expect(element('uncompressed_g1_to_g1', uncompressed)).toBe(G1_GENERATOR);
    const threeG = element('g1_mul', scalar(3), G1_GENERATOR);
    const sum = element('uncompressed_g1_sum', bcsByteVectors([uncompressed, uncompressed, uncompressed]));
    expect(element('uncompressed_g1_to_g1', sum)).toBe(threeG);
    expect(element('uncompressed_g1_sum', bcsByteVectors([]))).toBe('40' + '00'.repeat(95));
  });
});
