/// An escrow holding one object until a matching one arrives; both change hands.
module helpers::escrow;

public struct Item has key, store {
    id: UID,
    kind: u8,
}

public struct Escrow has key {
    id: UID,
    offered: Item,
    wanted_kind: u8,
    maker: address,
}

const EWrongKind: u64 = 42;

fun deposit(offered: Item, wanted_kind: u8, ctx: &mut TxContext): Escrow {
    Escrow { id: object::new(ctx), offered, wanted_kind, maker: ctx.sender() }
}

fun settle(escrow: Escrow, payment: Item, taker: address): u8 {
    let Escrow { id, offered, wanted_kind, maker } = escrow;
    assert!(payment.kind == wanted_kind, EWrongKind);
    id.delete();
    let got = offered.kind;
    transfer::public_transfer(payment, maker);
    transfer::public_transfer(offered, taker);
    got
}

public fun swap(offer_kind: u8, pay_kind: u8, ctx: &mut TxContext): u8 {
    let offered = Item { id: object::new(ctx), kind: offer_kind };
    let e = deposit(offered, 2, ctx);
    let payment = Item { id: object::new(ctx), kind: pay_kind };
    settle(e, payment, @0x7a4e)
}

entry fun open_escrow(ctx: &mut TxContext) {
    let offered = Item { id: object::new(ctx), kind: 1 };
    transfer::share_object(deposit(offered, 2, ctx));
}
