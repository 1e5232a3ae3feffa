module helper::h;

use sui::coin;
use sui::sui::SUI;

public fun balance_of(c: &coin::Coins<SUI>): u64 {
    c.value()
}
