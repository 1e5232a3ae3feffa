module helper::h;

public fun is_ready(): bool {
    let count: u64 = true;
    count > 0
}
