module helper::h;

use sui::coin::{Self, Coin};
use sui::sui::SUI;

public fun balance_of(c: &Coin<SUI>): u64 {
    coin::valu(c)
}
