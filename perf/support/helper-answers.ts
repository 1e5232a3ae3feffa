// Helper packages a scripted model answers with (helper_pkg_v1), for the helper benchmark's tests, its perf
// script and its recorded histories (it lives under perf/ so the build compiles it; tests import it from
// test/support/helper-answers.ts).
// Expected values from the framework's source: `kiosk::new(ctx)` returns a fresh Kiosk and its
// KioskOwnerCap, both `key` structs of 0x2, so the good shop creates exactly those two of 0x2's key types.
import { RETRY_HEADING } from '../../src/benchmarks/helper/workflow/prompts.js';
import type { StubReply } from './openai-stub.js';

export const MOVE_TOML = '[package]\nname = "KioskHelper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';

export const GOOD_SHOP = `module helper::shop;

use sui::kiosk;

entry fun open_kiosk(ctx: &mut TxContext) {
    let (k, cap) = kiosk::new(ctx);
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.sender());
}
`;

// Two mistakes: line 7 declares a bool and gives a number, line 9 calls a method TxContext does not have.
export const BROKEN_SHOP = `module helper::shop;

use sui::kiosk;

entry fun open_kiosk(ctx: &mut TxContext) {
    let (k, cap) = kiosk::new(ctx);
    let flag: bool = 1;
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.senderx());
}
`;

/** A model answer with the usage every test counts on. */
export const answer = (value: unknown): StubReply => ({
  content: typeof value === 'string' ? value : JSON.stringify(value),
  usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
});

export const helperAnswer = (files: Record<string, string>): StubReply =>
  answer({ move_toml: MOVE_TOML, files, assumptions: ['kiosk::new is public'] });

/** How many earlier attempts a helper prompt lists (`- attempt 2: build failed …`): 0 in the first one. */
export function attemptsListed(prompt: string): number {
  return prompt.includes(RETRY_HEADING) ? [...prompt.matchAll(/^- attempt \d+: /gm)].length : 0;
}

/** The scripted model of the tests: the broken shop first, the good one once shown the diagnostics. */
export function brokenThenGood(prompt: string): StubReply {
  return helperAnswer({ 'sources/shop.move': attemptsListed(prompt) > 0 ? GOOD_SHOP : BROKEN_SHOP });
}
