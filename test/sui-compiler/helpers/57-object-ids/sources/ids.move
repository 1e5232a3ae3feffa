/// Object ids: UID to ID to address to bytes, fresh addresses, ids compared.
module helpers::ids;

public struct Thing has key {
    id: UID,
}

public fun fresh_ids_differ(ctx: &mut TxContext): bool {
    let a = Thing { id: object::new(ctx) };
    let b = Thing { id: object::new(ctx) };
    let differ = object::id(&a) != object::id(&b);
    let Thing { id: ida } = a;
    let Thing { id: idb } = b;
    ida.delete();
    idb.delete();
    differ
}

public fun id_round_trip(ctx: &mut TxContext): bool {
    let t = Thing { id: object::new(ctx) };
    let addr = t.id.to_address();
    let inner = t.id.to_inner();
    let same = object::id_from_address(addr) == inner && inner.to_bytes() == t.id.to_bytes();
    transfer::transfer(t, ctx.sender());
    same
}

public fun fresh_address(ctx: &mut TxContext): address {
    ctx.fresh_object_address()
}

public fun new_id_bytes(ctx: &mut TxContext): vector<u8> {
    let t = Thing { id: object::new(ctx) };
    let bytes = object::id_bytes(&t);
    let Thing { id } = t;
    id.delete();
    bytes
}
