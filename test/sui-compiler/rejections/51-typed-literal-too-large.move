module helper::h;

public fun max_level(): u8 {
    let level = 300u8;
    level
}
