/// Vectors of objects: build them, move them out one by one, destroy the empty vector.
module helpers::crates;

public struct Crate has key, store {
    id: UID,
    weight: u64,
}

fun build(n: u64, ctx: &mut TxContext): vector<Crate> {
    let mut crates = vector[];
    let mut i = 0;
    while (i < n) {
        crates.push_back(Crate { id: object::new(ctx), weight: i + 1 });
        i = i + 1;
    };
    crates
}

public fun ship_all(n: u64, ctx: &mut TxContext): u64 {
    let mut crates = build(n, ctx);
    let mut total = 0;
    while (!crates.is_empty()) {
        let c = crates.pop_back();
        total = total + c.weight;
        transfer::public_transfer(c, ctx.sender());
    };
    crates.destroy_empty();
    total
}

public fun burn_heaviest(n: u64, ctx: &mut TxContext): u64 {
    let mut crates = build(n, ctx);
    let Crate { id, weight } = crates.swap_remove(n - 1);
    id.delete();
    while (!crates.is_empty()) {
        transfer::public_freeze_object(crates.pop_back());
    };
    crates.destroy_empty();
    weight
}

entry fun ship_three(ctx: &mut TxContext) {
    ship_all(3, ctx);
}
