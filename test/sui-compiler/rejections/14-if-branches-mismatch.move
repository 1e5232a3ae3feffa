module helper::h;

public fun pick(flag: bool): u64 {
    let chosen = if (flag) 1u64 else false;
    chosen
}
