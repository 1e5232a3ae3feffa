/// Zero-value SUI coins: create, inspect, split, join, destroy.
module helpers::coin_basics;

use sui::coin::{Self, Coin};
use sui::sui::SUI;

public fun zero_value(ctx: &mut TxContext): u64 {
    let c = coin::zero<SUI>(ctx);
    let v = c.value();
    c.destroy_zero();
    v
}

public fun split_zero(amount: u64, ctx: &mut TxContext): u64 {
    let mut c = coin::zero<SUI>(ctx);
    let part = c.split(amount, ctx);
    let total = part.value() + c.value();
    c.join(part);
    c.destroy_zero();
    total
}

public fun zero_balance_value(ctx: &mut TxContext): u64 {
    let c: Coin<SUI> = coin::zero(ctx);
    let b = c.into_balance();
    let v = b.value();
    b.destroy_zero();
    v
}

entry fun make_zero_coin(ctx: &mut TxContext) {
    let c = coin::zero<SUI>(ctx);
    transfer::public_transfer(c, ctx.sender());
}

entry fun make_two_coins(ctx: &mut TxContext) {
    let a = coin::zero<SUI>(ctx);
    let b = coin::zero<SUI>(ctx);
    let me = ctx.sender();
    transfer::public_transfer(a, me);
    transfer::public_transfer(b, me);
}
