/// Mutation through &mut: fields, vector elements, swaps, nested structs.
module helpers::refs;

public struct Inner has copy, drop {
    count: u64,
}

public struct Outer has copy, drop {
    inner: Inner,
    tag: u8,
}

fun bump(counter: &mut u64, by: u64) {
    *counter = *counter + by;
}

fun bump_inner(o: &mut Outer) {
    bump(&mut o.inner.count, 10);
    o.tag = o.tag + 1;
}

public fun nested(start: u64): Outer {
    let mut o = Outer { inner: Inner { count: start }, tag: 0 };
    bump_inner(&mut o);
    bump_inner(&mut o);
    o
}

public fun swap_values(a: u64, b: u64): (u64, u64) {
    let mut x = a;
    let mut y = b;
    let rx = &mut x;
    let tmp = *rx;
    *rx = y;
    let ry = &mut y;
    *ry = tmp;
    (x, y)
}

public fun double_all(mut v: vector<u64>): vector<u64> {
    let mut i = 0;
    while (i < v.length()) {
        let e = &mut v[i];
        *e = *e * 2;
        i = i + 1;
    };
    v
}

fun largest_ref(v: &vector<u64>): &u64 {
    let mut best = &v[0];
    let mut i = 1;
    while (i < v.length()) {
        if (v[i] > *best) best = &v[i];
        i = i + 1;
    };
    best
}

public fun largest(v: vector<u64>): u64 {
    *largest_ref(&v)
}

public fun read_through(o: Outer): u64 {
    let r = &o;
    let inner = &r.inner;
    inner.count + (r.tag as u64)
}
