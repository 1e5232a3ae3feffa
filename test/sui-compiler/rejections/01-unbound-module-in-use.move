module helper::h;

use sui::coinn::Coin;
use sui::sui::SUI;

public fun balance_of(c: &Coin<SUI>): u64 {
    c.value()
}
