module helper::h;

use sui::coin::Coin;
use sui::sui::SUI;

public fun send_and_read(payment: Coin<SUI>, to: address): u64 {
    let view = &payment;
    transfer::public_transfer(payment, to);
    view.value()
}
