/// Functions returning several values, and destructuring them.
module helpers::multi;

public fun div_mod(a: u64, b: u64): (u64, u64) {
    (a / b, a % b)
}

public fun min_max(a: u64, b: u64): (u64, u64) {
    if (a < b) (a, b) else (b, a)
}

public fun stats(v: vector<u64>): (u64, u64, u64) {
    let mut lo = 18446744073709551615;
    let mut hi = 0;
    let mut total = 0;
    let mut i = 0;
    while (i < v.length()) {
        let (l, h) = min_max(lo, v[i]);
        lo = l;
        let (_, h2) = min_max(hi, h);
        hi = h2;
        total = total + v[i];
        i = i + 1;
    };
    (lo, hi, total)
}

public fun swap_roles(a: address, b: address): (address, address, bool) {
    let (x, y) = (b, a);
    (x, y, x == a)
}

public fun chained(a: u64, b: u64): u64 {
    let (q, r) = div_mod(a, b);
    let (lo, hi) = min_max(q, r);
    hi - lo
}
