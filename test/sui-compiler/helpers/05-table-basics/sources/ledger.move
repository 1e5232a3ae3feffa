/// A table from account number to amount: add, borrow, borrow_mut, contains, remove, drop.
module helpers::ledger;

use sui::table::{Self, Table};

const ENoEntry: u64 = 404;

fun fill(n: u64, ctx: &mut TxContext): Table<u64, u64> {
    let mut t = table::new<u64, u64>(ctx);
    let mut i = 0;
    while (i < n) {
        t.add(i, i * 10);
        i = i + 1;
    };
    t
}

public fun lookup(n: u64, key: u64, ctx: &mut TxContext): u64 {
    let t = fill(n, ctx);
    assert!(t.contains(key), ENoEntry);
    let value = *t.borrow(key);
    t.drop();
    value
}

public fun bump_and_count(n: u64, ctx: &mut TxContext): (u64, u64) {
    let mut t = fill(n, ctx);
    let slot = t.borrow_mut(0);
    *slot = *slot + 5;
    let first = *t.borrow(0);
    let len = t.length();
    t.drop();
    (first, len)
}

public fun drain(n: u64, ctx: &mut TxContext): u64 {
    let mut t = fill(n, ctx);
    let mut sum = 0;
    let mut i = 0;
    while (i < n) {
        sum = sum + t.remove(i);
        i = i + 1;
    };
    assert!(t.is_empty());
    t.destroy_empty();
    sum
}

public struct Registry has key {
    id: UID,
    names: Table<address, u64>,
}

entry fun register(ctx: &mut TxContext) {
    let mut names = table::new(ctx);
    names.add(ctx.sender(), 1);
    transfer::share_object(Registry { id: object::new(ctx), names });
}
