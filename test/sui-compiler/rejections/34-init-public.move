module helper::h;

public struct Config has key {
    id: UID,
    fee: u64,
}

public fun init(ctx: &mut TxContext) {
    transfer::share_object(Config { id: object::new(ctx), fee: 10 });
}
