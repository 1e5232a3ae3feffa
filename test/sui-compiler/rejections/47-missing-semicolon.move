module helper::h;

public fun total(a: u64, b: u64): u64 {
    let sum = a + b
    let fee = 1;
    sum + fee
}
