module helper::h;

public fun name_len(code: u8): u64 {
    match (code) {
        0 => 4,
        1 | 2 => 5,
        n if (n > 9) => 0,
    }
}
