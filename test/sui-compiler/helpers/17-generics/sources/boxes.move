/// Generic structs and functions, with ability constraints.
module helpers::boxes;

public struct Box<T> has copy, drop, store {
    value: T,
}

public struct Pair<A, B> has copy, drop {
    first: A,
    second: B,
}

public fun wrap<T>(value: T): Box<T> {
    Box { value }
}

public fun unwrap<T>(b: Box<T>): T {
    let Box { value } = b;
    value
}

public fun pair<A, B>(first: A, second: B): Pair<A, B> {
    Pair { first, second }
}

public fun swap<A: copy + drop, B: copy + drop>(p: Pair<A, B>): Pair<B, A> {
    Pair { first: p.second, second: p.first }
}

public fun repeat<T: copy + drop>(x: T, n: u64): vector<T> {
    let mut v = vector::empty<T>();
    let mut i = 0;
    while (i < n) {
        v.push_back(x);
        i = i + 1;
    };
    v
}

public fun boxed_u64(x: u64): Box<u64> {
    wrap(x)
}

public fun round_trip(x: u64): u64 {
    unwrap(wrap(wrap(x))).value
}

public fun swapped(a: u8, b: bool): Pair<bool, u8> {
    swap(pair(a, b))
}

public fun repeat_box(x: u16, n: u64): vector<Box<u16>> {
    repeat(wrap(x), n)
}

public fun generic_len<T>(v: &vector<T>): u64 {
    v.length()
}

public fun len_of_addresses(v: vector<address>): u64 {
    generic_len(&v)
}
