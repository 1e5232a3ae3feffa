module helper::h;

fun add_fee(amount: u64, fee: u64): u64 {
    amount + fee
}

public fun with_fee(amount: u64): u64 {
    add_fee(amount, true)
}
