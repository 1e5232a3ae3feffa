module helper::h;

public fun scaled(amount: u64, factor: u8): u64 {
    amount * factor
}
