module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun accept(payment: Coin<SUI>) {
}
