/// Dynamic fields on an object of our own: add, exists, borrow, borrow_mut, remove.
module helpers::profile;

use std::string::String;
use sui::dynamic_field as df;

public struct Profile has key {
    id: UID,
    level: u64,
}

public struct ScoreKey has copy, drop, store {}

fun new_profile(ctx: &mut TxContext): Profile {
    let mut p = Profile { id: object::new(ctx), level: 1 };
    df::add(&mut p.id, ScoreKey {}, 0u64);
    df::add(&mut p.id, b"nick", b"anon".to_string());
    p
}

public fun score_after(points: u64, ctx: &mut TxContext): u64 {
    let mut p = new_profile(ctx);
    let s: &mut u64 = df::borrow_mut(&mut p.id, ScoreKey {});
    *s = *s + points;
    let result = *df::borrow<ScoreKey, u64>(&p.id, ScoreKey {});
    transfer::transfer(p, ctx.sender());
    result
}

public fun fields_present(ctx: &mut TxContext): (bool, bool, bool) {
    let p = new_profile(ctx);
    let a = df::exists_(&p.id, ScoreKey {});
    let b = df::exists_with_type<vector<u8>, String>(&p.id, b"nick");
    let c = df::exists_(&p.id, 7u8);
    transfer::share_object(p);
    (a, b, c)
}

public fun strip(ctx: &mut TxContext): (String, u64) {
    let mut p = new_profile(ctx);
    let nick: String = df::remove(&mut p.id, b"nick");
    let score: u64 = df::remove(&mut p.id, ScoreKey {});
    let Profile { id, level } = p;
    id.delete();
    (nick, score + level)
}

public fun missing(ctx: &mut TxContext): u64 {
    let p = new_profile(ctx);
    let v = *df::borrow<u8, u64>(&p.id, 9);
    transfer::share_object(p);
    v
}

entry fun create(ctx: &mut TxContext) {
    let p = new_profile(ctx);
    transfer::transfer(p, ctx.sender());
}
