/// The canonical shared counter: create, increment, reset by owner, read.
module helpers::counter;

const ENotOwner: u64 = 0;

public struct Counter has key {
    id: UID,
    owner: address,
    value: u64,
}

public fun create(ctx: &mut TxContext): Counter {
    Counter { id: object::new(ctx), owner: ctx.sender(), value: 0 }
}

public fun increment(counter: &mut Counter) {
    counter.value = counter.value + 1;
}

public fun set_value(counter: &mut Counter, value: u64, ctx: &TxContext) {
    assert!(counter.owner == ctx.sender(), ENotOwner);
    counter.value = value;
}

public fun value(counter: &Counter): u64 {
    counter.value
}

public fun bump_times(n: u64, ctx: &mut TxContext): u64 {
    let mut c = create(ctx);
    let mut i = 0;
    while (i < n) {
        c.increment();
        i = i + 1;
    };
    let v = c.value();
    transfer::share_object(c);
    v
}

public fun reset_by_stranger(ctx: &mut TxContext): u64 {
    let mut c = create(ctx);
    c.owner = @0xdead;
    c.set_value(9, ctx);
    let v = c.value;
    transfer::share_object(c);
    v
}

entry fun create_shared(ctx: &mut TxContext) {
    let mut c = create(ctx);
    c.increment();
    transfer::share_object(c);
}
