/// Reading the transaction context: sender, epoch, timestamp, digest; stamping objects with them.
module helpers::context;

public struct Stamp has key {
    id: UID,
    by: address,
    epoch: u64,
    at_ms: u64,
}

public fun info(ctx: &TxContext): (address, u64, u64, u64) {
    (ctx.sender(), ctx.epoch(), ctx.epoch_timestamp_ms(), ctx.digest().length())
}

public fun stamp_fields(ctx: &mut TxContext): (address, u64) {
    let s = Stamp { id: object::new(ctx), by: ctx.sender(), epoch: ctx.epoch(), at_ms: ctx.epoch_timestamp_ms() };
    let (by, total) = (s.by, s.epoch + s.at_ms);
    transfer::transfer(s, ctx.sender());
    (by, total)
}

entry fun stamp(ctx: &mut TxContext) {
    let s = Stamp { id: object::new(ctx), by: ctx.sender(), epoch: ctx.epoch(), at_ms: 0 };
    transfer::freeze_object(s);
}
