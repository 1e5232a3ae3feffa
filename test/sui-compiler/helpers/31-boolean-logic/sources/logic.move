/// Boolean logic and comparisons, including short-circuiting that skips an abort.
module helpers::logic;

fun explode(): bool { abort 99 }

public fun and_short(a: bool): bool {
    a && explode()
}

public fun or_short(a: bool): bool {
    a || explode()
}

public fun between(x: u64, lo: u64, hi: u64): bool {
    lo <= x && x <= hi
}

public fun xor(a: bool, b: bool): bool {
    (a || b) && !(a && b)
}

public fun classify(x: u64): u8 {
    if (x == 0) 0
    else if (x < 10) 1
    else if (x < 100) 2
    else 3
}

public fun compare_vectors(a: vector<u8>, b: vector<u8>): (bool, bool) {
    (a == b, a != b)
}
