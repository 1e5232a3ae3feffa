module helper::h;

public fun default_fee(): &u64 {
    let fee = 5;
    &fee
}
