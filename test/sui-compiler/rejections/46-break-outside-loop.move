module helper::h;

public fun capped(amount: u64): u64 {
    if (amount > 100) break;
    amount
}
