/// Objects stored as dynamic object fields of another object.
module helpers::backpack;

use sui::dynamic_object_field as dof;

public struct Backpack has key {
    id: UID,
}

public struct Tool has key, store {
    id: UID,
    weight: u64,
}

fun packed(weights: vector<u64>, ctx: &mut TxContext): Backpack {
    let mut bp = Backpack { id: object::new(ctx) };
    let mut i = 0;
    while (i < weights.length()) {
        let tool = Tool { id: object::new(ctx), weight: weights[i] };
        dof::add(&mut bp.id, i, tool);
        i = i + 1;
    };
    bp
}

public fun total_weight(weights: vector<u64>, ctx: &mut TxContext): u64 {
    let bp = packed(weights, ctx);
    let mut total = 0;
    let mut i: u64 = 0;
    while (dof::exists_(&bp.id, i)) {
        let tool: &Tool = dof::borrow(&bp.id, i);
        total = total + tool.weight;
        i = i + 1;
    };
    transfer::transfer(bp, ctx.sender());
    total
}

public fun unpack_first(weights: vector<u64>, ctx: &mut TxContext): u64 {
    let mut bp = packed(weights, ctx);
    let tool: Tool = dof::remove(&mut bp.id, 0u64);
    let w = tool.weight;
    transfer::public_transfer(tool, ctx.sender());
    transfer::share_object(bp);
    w
}

public fun heavier(extra: u64, ctx: &mut TxContext): u64 {
    let mut bp = packed(vector[1, 2], ctx);
    let tool: &mut Tool = dof::borrow_mut(&mut bp.id, 1u64);
    tool.weight = tool.weight + extra;
    let w = tool.weight;
    transfer::share_object(bp);
    w
}

entry fun carry(ctx: &mut TxContext) {
    let bp = packed(vector[5, 6, 7], ctx);
    transfer::transfer(bp, ctx.sender());
}
