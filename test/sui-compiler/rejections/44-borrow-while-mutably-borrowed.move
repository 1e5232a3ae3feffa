module helper::h;

public fun bump(start: u64): u64 {
    let mut count = start;
    let writer = &mut count;
    let reader = &count;
    *writer = *writer + 1;
    *reader
}
