module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

fun duplicate<T: copy>(item: &T): T {
    *item
}

public fun clone_coin(c: &Coin<SUI>): Coin<SUI> {
    duplicate(c)
}
