/// Events of our own structs, emitted from loops and entry functions.
module helpers::signals;

use sui::event;

public struct Ping has copy, drop {
    seq: u64,
    from: address,
}

public struct Note has copy, drop {
    text: vector<u8>,
}

public fun ping_many(n: u64, ctx: &TxContext): u64 {
    let mut i = 0;
    while (i < n) {
        event::emit(Ping { seq: i, from: ctx.sender() });
        i = i + 1;
    };
    n
}

public fun note(text: vector<u8>): u64 {
    let len = text.length();
    event::emit(Note { text });
    len
}

entry fun announce(ctx: &TxContext) {
    event::emit(Ping { seq: 0, from: ctx.sender() });
    event::emit(Note { text: b"hello" });
}
