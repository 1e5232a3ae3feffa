// A helper whose entry functions run away in the VM, as a model's helper can: one keeps copies of a
// 1,000-element vector until the heap is full, one copies a 10,000-element vector and drops the copy over and
// over (slow, in little memory), and one behaves (GOOD_SHOP's open_kiosk: a Kiosk and its KioskOwnerCap).
import { answer, MOVE_TOML } from './helper-answers.js';

export const RUNAWAY_SOURCE = `module helper::runaway;

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
    let big = numbers(10000);
    loop { let _copy = copy big; }
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
