/// A currency of our own made from a witness: Supply -> Balance -> Coin, kept in a shared treasury.
/// The witness is not named after the module, so it is an ordinary struct code may pack (a one-time
/// witness `GEM` could only come from `init`).
module helpers::gem;

use sui::balance::{Self, Supply};
use sui::coin::{Self, Coin};

public struct GemWitness has drop {}

public struct Treasury has key {
    id: UID,
    supply: Supply<GemWitness>,
}

fun new_treasury(ctx: &mut TxContext): Treasury {
    Treasury { id: object::new(ctx), supply: balance::create_supply(GemWitness {}) }
}

fun mint(treasury: &mut Treasury, amount: u64, ctx: &mut TxContext): Coin<GemWitness> {
    let minted = treasury.supply.increase_supply(amount);
    coin::from_balance(minted, ctx)
}

public fun minted_total(amount: u64, ctx: &mut TxContext): u64 {
    let mut treasury = new_treasury(ctx);
    let c = mint(&mut treasury, amount, ctx);
    let value = c.value();
    transfer::public_transfer(c, ctx.sender());
    let total = treasury.supply.supply_value();
    transfer::share_object(treasury);
    total + value
}

public fun split_values(amount: u64, cut: u64, ctx: &mut TxContext): (u64, u64) {
    let mut treasury = new_treasury(ctx);
    let mut c = mint(&mut treasury, amount, ctx);
    let piece = c.split(cut, ctx);
    let (whole, cut_off) = (c.value(), piece.value());
    c.join(piece);
    let burned = treasury.supply.decrease_supply(c.into_balance());
    assert!(burned == amount, 0);
    transfer::share_object(treasury);
    (whole, cut_off)
}

entry fun mint_and_split(ctx: &mut TxContext) {
    let mut treasury = new_treasury(ctx);
    let mut c = mint(&mut treasury, 100, ctx);
    let piece = c.split(40, ctx);
    transfer::public_transfer(c, ctx.sender());
    transfer::public_transfer(piece, @0xcafe);
    transfer::share_object(treasury);
}
