/// Objects of our own: create, transfer, share, freeze, delete.
module helpers::widget;

public struct Widget has key, store {
    id: UID,
    size: u64,
}

public struct Config has key {
    id: UID,
    limit: u64,
}

public fun make(size: u64, ctx: &mut TxContext): Widget {
    Widget { id: object::new(ctx), size }
}

public fun size(w: &Widget): u64 {
    w.size
}

public fun destroy(w: Widget): u64 {
    let Widget { id, size } = w;
    object::delete(id);
    size
}

public fun make_and_destroy(size: u64, ctx: &mut TxContext): u64 {
    let w = make(size, ctx);
    let s = w.size();
    s + destroy(w)
}

entry fun create_and_send(ctx: &mut TxContext) {
    transfer::public_transfer(make(1, ctx), ctx.sender());
}

entry fun create_shared(ctx: &mut TxContext) {
    transfer::public_share_object(make(2, ctx));
}

entry fun create_frozen(ctx: &mut TxContext) {
    let config = Config { id: object::new(ctx), limit: 10 };
    assert!(config.limit > 0, 1);
    transfer::freeze_object(config);
}

entry fun create_and_delete(ctx: &mut TxContext) {
    let w = make(3, ctx);
    destroy(w);
}

entry fun send_to_friend(ctx: &mut TxContext) {
    let w = make(4, ctx);
    transfer::transfer(w, @0xB0B);
}
