module helper::h;

public fun clamp(amount: u64): u64 {
    if (amount) {
        amount
    } else {
        0
    }
}
