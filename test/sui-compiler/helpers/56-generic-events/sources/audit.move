/// Generic event structs: one event type per asset type, emitted from generic functions.
module helpers::audit;

use std::type_name::{Self, TypeName};
use sui::event;

public struct Moved<phantom T> has copy, drop {
    amount: u64,
}

public struct Seen has copy, drop {
    kind: TypeName,
}

public fun record<T>(amount: u64): u64 {
    event::emit(Moved<T> { amount });
    event::emit(Seen { kind: type_name::with_defining_ids<T>() });
    amount
}

public fun record_many(n: u64): u64 {
    let mut i = 0;
    let mut total = 0;
    while (i < n) {
        total = total + record<u64>(i);
        total = total + record<bool>(1);
        i = i + 1;
    };
    total
}

entry fun emit_on_entry(ctx: &TxContext) {
    record<address>(ctx.epoch());
}
