module helper::h;

public struct Counter has key {
    id: UID,
    value: u64,
}

public entry fun peek(counter: &Counter): &u64 {
    &counter.value
}
