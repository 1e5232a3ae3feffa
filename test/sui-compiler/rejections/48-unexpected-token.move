module helper::h;

public fun total(a: u64,, b: u64): u64 {
    a + b
}
