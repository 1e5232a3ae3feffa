/// A bag holding values of different types under different key types.
module helpers::satchel;

use std::string::String;
use sui::bag::{Self, Bag};

public struct Gem has store, drop {
    carats: u8,
}

fun packed(ctx: &mut TxContext): Bag {
    let mut b = bag::new(ctx);
    b.add(1u64, 100u64);
    b.add(b"name", b"satchel".to_string());
    b.add(true, Gem { carats: 3 });
    b
}

public fun sizes(ctx: &mut TxContext): (u64, bool, bool) {
    let b = packed(ctx);
    let len = b.length();
    let has_name = b.contains(b"name");
    let typed = b.contains_with_type<u64, u64>(1);
    transfer::public_share_object(b);
    (len, has_name, typed)
}

public fun read_all(ctx: &mut TxContext): (u64, String, u8) {
    let mut b = packed(ctx);
    let n: u64 = b.remove(1u64);
    let s: String = b.remove(b"name");
    let g: Gem = b.remove(true);
    b.destroy_empty();
    (n, s, g.carats)
}

public fun bump(times: u64, ctx: &mut TxContext): u64 {
    let mut b = packed(ctx);
    let mut k = 0;
    while (k < times) {
        let v: &mut u64 = b.borrow_mut(1u64);
        *v = *v + 1;
        k = k + 1;
    };
    let result = *b.borrow<u64, u64>(1);
    transfer::public_transfer(b, ctx.sender());
    result
}

public fun wrong_type(ctx: &mut TxContext): u8 {
    let b = packed(ctx);
    let g: &Gem = b.borrow(1u64);
    let c = g.carats;
    transfer::public_share_object(b);
    c
}

entry fun keep(ctx: &mut TxContext) {
    let b = packed(ctx);
    transfer::public_transfer(b, ctx.sender());
}
