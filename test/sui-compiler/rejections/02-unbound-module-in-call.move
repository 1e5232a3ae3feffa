module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun balance_of(c: &Coin<SUI>): u64 {
    coinn::value(c)
}
