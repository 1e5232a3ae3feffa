// A helper whose entry functions run away in the VM, as a model's helper can: one keeps copies of a
// 1,000-element vector until the heap is full (gas allows tens of MB of them), one checks a BLS signature
// over and over (slow, in little memory: Sui charges 49,282 internal units a check at protocol 104, so its
// largest budget pays for about 100,000 checks, tens of minutes here), and one behaves (GOOD_SHOP's
// open_kiosk: a Kiosk and its KioskOwnerCap). The signature and key are the generators of BLS12-381's G2
// and G1: points on the curves, so each check runs the pairing (and says false).
import { answer, MOVE_TOML } from './helper-answers.js';

export const RUNAWAY_SOURCE = `module helper::runaway;

use sui::bls12381;
use sui::kiosk;

fun numbers(count: u64): vector<u64> {
    let mut v = vector[];
    let mut i = 0;
    while (i < count) {
        v.push_back(i);
        i = i + 1;
    };
    v
}

entry fun fill_heap() {
    let big = numbers(1000);
    let mut outer = vector[];
    loop { outer.push_back(copy big) }
}

entry fun churn() {
    let signature = x"93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
    let public_key = x"97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    let message = b"x";
    loop { let _ = bls12381::bls12381_min_pk_verify(&signature, &public_key, &message); }
}

entry fun open_kiosk(ctx: &mut TxContext) {
    let (k, cap) = kiosk::new(ctx);
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.sender());
}
`;

/** The helper_pkg_v1 payload, running the entry functions named (all of them when none is). */
export const runawayPayload = (entrypoints: string[] = []) => ({
  move_toml: MOVE_TOML,
  files: { 'sources/runaway.move': RUNAWAY_SOURCE },
  entrypoints: entrypoints.map((target) => ({ target })),
  assumptions: ['kiosk::new is public'],
});

/** The payload as a scripted model's answer. */
export const runawayAnswer = (entrypoints: string[] = []) => answer(runawayPayload(entrypoints));

/** The entry functions as a helper's payload names them. */
export const runawayEntry = (name: 'fill_heap' | 'churn' | 'open_kiosk') => `helper::runaway::${name}`;
