module helper::h;

public fun total_with_fee(amount: u64): u64 {
    let fee = compute_fee(amount);
    amount + fee
}
