module helper::h;

use sui::coin;
use sui::sui::SUI;

public fun make(ctx: &mut TxContext) {
    coin::zero<SUI>(ctx);
}
