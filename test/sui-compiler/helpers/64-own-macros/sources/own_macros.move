/// Macros of the package's own (with lambdas, hygiene and an assert!), and more of std's: option
/// macros, find_index!, count!, all!, do_mut!, map_ref!, integer ranges and max_value!.
module helpers::own_macros;

const ETooLarge: u64 = 3;

/// Applies `$f` twice.
macro fun twice<$T>($x: $T, $f: |$T| -> $T): $T {
    let x = $x;
    $f($f(x))
}

/// The sum of `$f(i)` for `i` from 0 to `$n - 1`.
macro fun sum_of($n: u64, $f: |u64| -> u64): u64 {
    let mut total = 0;
    let mut i = 0;
    while (i < $n) {
        total = total + $f(i);
        i = i + 1;
    };
    total
}

macro fun checked($x: u64, $limit: u64): u64 {
    let x = $x;
    assert!(x <= $limit, ETooLarge);
    x
}

public fun quadruple(x: u64): u64 {
    twice!(x, |v| v * 2)
}

public fun sum_squares(n: u64): u64 {
    sum_of!(n, |i| i * i)
}

public fun hygiene(): u64 {
    // The caller's `total` and `i` are not the macro's locals of the same names.
    let total = 100;
    let i = 5;
    sum_of!(3, |k| k + total + i)
}

public fun checked_value(x: u64): u64 {
    checked!(x, 10)
}

public fun option_sum(a: Option<u64>, b: Option<u64>): u64 {
    a.destroy_or!(0) + b.map!(|v| v * 10).destroy_or!(1)
}

public fun first_even_index(v: vector<u64>): u64 {
    let found = v.find_index!(|x| *x % 2 == 0);
    found.destroy_or!(999)
}

public fun counted(v: vector<u64>): u64 {
    v.count!(|x| *x > 2)
}

public fun all_small(v: vector<u64>): bool {
    v.all!(|x| *x < 10)
}

public fun doubled_in_place(mut v: vector<u64>): vector<u64> {
    v.do_mut!(|x| *x = *x * 2);
    v
}

public fun mapped_refs(v: vector<u64>): vector<u64> {
    v.map_ref!(|x| *x + 1)
}

public fun range_sum(a: u8, b: u8): u64 {
    let mut total = 0;
    a.range_do_eq!(b, |i| total = total + (i as u64));
    total
}

public fun max_u8(): u8 {
    std::u8::max_value!()
}
