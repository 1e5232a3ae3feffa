module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

fun discard<T: drop>(_item: T) {}

public fun throw_away(c: Coin<SUI>) {
    discard(c)
}
