module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun clone_coin(c: &Coin<SUI>): Coin<SUI> {
    *c
}
