/// Kiosk listings: list, check, delist, take back.
module helpers::market;

use sui::kiosk;

public struct Art has key, store {
    id: UID,
}

public fun list_and_delist(price: u64, ctx: &mut TxContext): (bool, bool, bool) {
    let (mut k, cap) = kiosk::new(ctx);
    let art = Art { id: object::new(ctx) };
    let art_id = object::id(&art);
    k.place(&cap, art);
    k.list<Art>(&cap, art_id, price);
    let listed = k.is_listed(art_id);
    k.delist<Art>(&cap, art_id);
    let still = k.is_listed(art_id);
    let locked = k.is_locked(art_id);
    let back: Art = k.take(&cap, art_id);
    transfer::public_transfer(back, ctx.sender());
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.sender());
    (listed, still, locked)
}

public fun take_listed(ctx: &mut TxContext): u32 {
    let (mut k, cap) = kiosk::new(ctx);
    let art = Art { id: object::new(ctx) };
    let art_id = object::id(&art);
    k.place_and_list(&cap, art, 10);
    let back: Art = k.take(&cap, art_id);
    transfer::public_transfer(back, ctx.sender());
    let count = k.item_count();
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.sender());
    count
}

entry fun open_listed(ctx: &mut TxContext) {
    let (mut k, cap) = kiosk::new(ctx);
    k.place_and_list(&cap, Art { id: object::new(ctx) }, 1000);
    transfer::public_share_object(k);
    transfer::public_transfer(cap, ctx.sender());
}
