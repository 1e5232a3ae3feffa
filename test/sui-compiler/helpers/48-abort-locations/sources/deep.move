/// Aborts raised several calls deep, in our module and in the framework, to compare abort locations.
module helpers::deep;

const EDeep: u64 = 77;

fun level3(x: u64): u64 {
    if (x == 3) abort EDeep;
    x
}

fun level2(x: u64): u64 { level3(x) + 1 }

fun level1(x: u64): u64 { level2(x) * 2 }

public fun go(x: u64): u64 { level1(x) }

public fun framework_abort(x: u64): u64 {
    let mut o = option::none<u64>();
    if (x > 0) o.fill(x);
    o.destroy_some()
}

public fun vector_abort(i: u64): u64 {
    let v = vector[1, 2, 3];
    *v.borrow(i)
}
