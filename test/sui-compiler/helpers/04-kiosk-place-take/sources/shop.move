/// A kiosk holding items of our own: place, take back, count, and close.
module helpers::shop;

use sui::kiosk::{Self, Kiosk, KioskOwnerCap};

public struct Sword has key, store {
    id: UID,
    power: u64,
}

fun forge(power: u64, ctx: &mut TxContext): Sword {
    Sword { id: object::new(ctx), power }
}

fun hand_over(kiosk: Kiosk, cap: KioskOwnerCap, ctx: &TxContext) {
    transfer::public_share_object(kiosk);
    transfer::public_transfer(cap, ctx.sender());
}

public fun count_after_place(n: u64, ctx: &mut TxContext): u32 {
    let (mut kiosk, cap) = kiosk::new(ctx);
    let mut i = 0;
    while (i < n) {
        kiosk.place(&cap, forge(i, ctx));
        i = i + 1;
    };
    let count = kiosk.item_count();
    hand_over(kiosk, cap, ctx);
    count
}

public fun place_and_take(power: u64, ctx: &mut TxContext): (bool, u64) {
    let (mut kiosk, cap) = kiosk::new(ctx);
    let sword = forge(power, ctx);
    let sword_id = object::id(&sword);
    kiosk.place(&cap, sword);
    let held = kiosk.has_item(sword_id);
    let back: Sword = kiosk.take(&cap, sword_id);
    let p = back.power;
    transfer::public_transfer(back, ctx.sender());
    hand_over(kiosk, cap, ctx);
    (held, p)
}

public fun owner_is_sender(ctx: &mut TxContext): bool {
    let (kiosk, cap) = kiosk::new(ctx);
    let same = kiosk.owner() == ctx.sender();
    hand_over(kiosk, cap, ctx);
    same
}

entry fun open_and_close(ctx: &mut TxContext) {
    let (kiosk, cap) = kiosk::new(ctx);
    let proceeds = kiosk.close_and_withdraw(cap, ctx);
    proceeds.destroy_zero();
}

entry fun open_with_sword(ctx: &mut TxContext) {
    let (mut kiosk, cap) = kiosk::new(ctx);
    kiosk.place(&cap, forge(9, ctx));
    hand_over(kiosk, cap, ctx);
}
