module helper::h;

public fun max_level(): u8 {
    let level: u8 = 300;
    level
}
