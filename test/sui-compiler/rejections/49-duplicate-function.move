module helper::h;

public fun fee(): u64 {
    5
}

public fun fee(): u64 {
    10
}
