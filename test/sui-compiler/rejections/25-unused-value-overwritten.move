module helper::h;

use sui::coin::{Self, Coin};
use sui::sui::SUI;

public fun fresh(ctx: &mut TxContext): Coin<SUI> {
    let mut c = coin::zero<SUI>(ctx);
    c = coin::zero<SUI>(ctx);
    c
}
