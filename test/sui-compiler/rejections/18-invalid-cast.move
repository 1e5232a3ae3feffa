module helper::h;

public fun as_number(flag: bool): u64 {
    (flag as u64)
}
