module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun stash(payment: Coin<SUI>) {
    let kept = payment;
}
