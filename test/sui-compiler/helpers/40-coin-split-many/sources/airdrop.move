/// Mint a coin of our own and split it into equal parts sent to several addresses.
module helpers::airdrop;

use sui::balance;
use sui::coin::{Self, Coin};

public struct DROP has drop {}

const EEmpty: u64 = 3;

fun mint(amount: u64, ctx: &mut TxContext): Coin<DROP> {
    let mut supply = balance::create_supply(DROP {});
    let minted = supply.increase_supply(amount);
    transfer::public_freeze_object(Holder { id: object::new(ctx), supply });
    coin::from_balance(minted, ctx)
}

public struct Holder has key, store {
    id: UID,
    supply: balance::Supply<DROP>,
}

public fun shares(total: u64, parts: u64, ctx: &mut TxContext): vector<u64> {
    assert!(parts > 0, EEmpty);
    let mut c = mint(total, ctx);
    let each = total / parts;
    let mut values = vector[];
    let mut i = 0;
    while (i < parts) {
        let piece = c.split(each, ctx);
        values.push_back(piece.value());
        transfer::public_transfer(piece, @0xa1);
        i = i + 1;
    };
    values.push_back(c.value());
    transfer::public_transfer(c, ctx.sender());
    values
}

entry fun drop_three(ctx: &mut TxContext) {
    let mut c = mint(90, ctx);
    let recipients = vector[@0xa1, @0xa2, @0xa3];
    let mut i = 0;
    while (i < recipients.length()) {
        transfer::public_transfer(c.split(30, ctx), recipients[i]);
        i = i + 1;
    };
    c.destroy_zero();
}
