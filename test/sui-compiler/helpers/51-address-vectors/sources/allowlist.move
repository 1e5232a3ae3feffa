/// An allow-list of addresses held in an object: add, remove, check.
module helpers::allowlist;

const EAlreadyListed: u64 = 1;
const ENotListed: u64 = 2;

public struct AllowList has key {
    id: UID,
    members: vector<address>,
}

fun add(list: &mut AllowList, who: address) {
    assert!(!list.members.contains(&who), EAlreadyListed);
    list.members.push_back(who);
}

fun remove(list: &mut AllowList, who: address) {
    let (found, index) = list.members.index_of(&who);
    assert!(found, ENotListed);
    list.members.remove(index);
}

public fun after_changes(adds: vector<address>, drop_one: address, ctx: &mut TxContext): vector<address> {
    let mut list = AllowList { id: object::new(ctx), members: vector[] };
    let mut i = 0;
    while (i < adds.length()) {
        add(&mut list, adds[i]);
        i = i + 1;
    };
    remove(&mut list, drop_one);
    let members = list.members;
    transfer::share_object(list);
    members
}

entry fun create_with_sender(ctx: &mut TxContext) {
    let mut list = AllowList { id: object::new(ctx), members: vector[] };
    add(&mut list, ctx.sender());
    transfer::share_object(list);
}
