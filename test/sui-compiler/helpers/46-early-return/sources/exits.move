/// Early returns from nested blocks and loops, and if-else as expressions.
module helpers::exits;

public fun first_negative_gap(v: vector<u64>): Option<u64> {
    let mut i = 1;
    while (i < v.length()) {
        if (v[i] < v[i - 1]) {
            return option::some(i)
        };
        i = i + 1;
    };
    option::none()
}

public fun grade(score: u8): vector<u8> {
    if (score >= 90) return b"A";
    if (score >= 80) {
        return b"B"
    };
    let result = if (score >= 50) b"C" else b"F";
    result
}

public fun clamp(x: u64, lo: u64, hi: u64): u64 {
    if (x < lo) { lo } else if (x > hi) { hi } else { x }
}
