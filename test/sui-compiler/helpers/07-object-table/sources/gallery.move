/// An object table of pictures: add objects, borrow, remove, delete them, destroy the table.
module helpers::gallery;

use sui::object_table::{Self, ObjectTable};

public struct Picture has key, store {
    id: UID,
    width: u64,
}

fun hang(n: u64, ctx: &mut TxContext): ObjectTable<u64, Picture> {
    let mut walls = object_table::new(ctx);
    let mut i = 1;
    while (i <= n) {
        walls.add(i, Picture { id: object::new(ctx), width: i * 3 });
        i = i + 1;
    };
    walls
}

fun burn(p: Picture): u64 {
    let Picture { id, width } = p;
    id.delete();
    width
}

public fun widest(n: u64, ctx: &mut TxContext): u64 {
    let walls = hang(n, ctx);
    let w = walls.borrow(n).width;
    transfer::public_share_object(walls);
    w
}

public fun take_down_all(n: u64, ctx: &mut TxContext): u64 {
    let mut walls = hang(n, ctx);
    let mut total = 0;
    let mut i = 1;
    while (i <= n) {
        total = total + burn(walls.remove(i));
        i = i + 1;
    };
    walls.destroy_empty();
    total
}

public fun has_id(n: u64, key: u64, ctx: &mut TxContext): bool {
    let walls = hang(n, ctx);
    let found = walls.value_id(key).is_some();
    transfer::public_share_object(walls);
    found
}

entry fun gallery_with_two(ctx: &mut TxContext) {
    let walls = hang(2, ctx);
    transfer::public_transfer(walls, ctx.sender());
}
