/// std::option: some/none, defaults, extract, swap, fill.
module helpers::maybe;

public fun half_if_even(x: u64): Option<u64> {
    if (x % 2 == 0) option::some(x / 2) else option::none()
}

public fun half_or(x: u64, fallback: u64): u64 {
    half_if_even(x).destroy_with_default(fallback)
}

public fun must_half(x: u64): u64 {
    half_if_even(x).destroy_some()
}

public fun refill(x: u64): (u64, bool) {
    let mut o = half_if_even(x);
    if (o.is_some()) {
        let old = o.extract();
        o.fill(old + 1);
    } else {
        o.fill(0);
    };
    let peek = *o.borrow();
    (peek, o.contains(&1))
}

public fun swapped(x: u64, y: u64): (u64, u64) {
    let mut o = option::some(x);
    let old = o.swap(y);
    (old, o.get_with_default(0))
}

public fun as_vec(x: u64): vector<u64> {
    half_if_even(x).to_vec()
}
