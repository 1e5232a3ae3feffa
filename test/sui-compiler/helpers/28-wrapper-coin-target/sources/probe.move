/// The corpus package wrapper_coin as a target: its coin type, and its public transfer helper.
module helpers::probe;

use sui::balance;
use sui::coin::{Self, Coin};
use sui::sui::SUI;
use target_pkg::wrapper_coin::{Self, WRAPPER_COIN};

public fun zero_wrapped_balance(): u64 {
    let b = balance::zero<WRAPPER_COIN>();
    let v = b.value();
    b.destroy_zero();
    v
}

public fun zero_wrapped_coin(ctx: &mut TxContext): u64 {
    let c: Coin<WRAPPER_COIN> = coin::zero(ctx);
    let v = c.value();
    wrapper_coin::probe_transfer_coin_generic(c, ctx);
    v
}

entry fun send_zero_sui(ctx: &mut TxContext) {
    let c = coin::zero<SUI>(ctx);
    wrapper_coin::probe_transfer_coin_generic(c, ctx);
}

entry fun send_zero_wrapped(ctx: &mut TxContext) {
    wrapper_coin::probe_transfer_coin_generic(coin::zero<WRAPPER_COIN>(ctx), ctx);
}

public fun type_name_of_coin(): std::ascii::String {
    std::type_name::with_defining_ids<WRAPPER_COIN>().into_string()
}
