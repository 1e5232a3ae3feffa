module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun send_twice(payment: Coin<SUI>, to: address) {
    transfer::public_transfer(payment, to);
    transfer::public_transfer(payment, to);
}
