/// A chain of private helpers called from public functions, several levels deep.
module helpers::pipeline;

const EBadInput: u64 = 17;

fun double(x: u64): u64 { x * 2 }

fun inc(x: u64): u64 { x + 1 }

fun checked(x: u64): u64 {
    assert!(x < 1000, EBadInput);
    x
}

fun stage(x: u64): u64 {
    inc(double(checked(x)))
}

public fun run(x: u64): u64 {
    stage(stage(stage(x)))
}

public fun run_many(xs: vector<u64>): vector<u64> {
    let mut out = vector[];
    let mut i = 0;
    while (i < xs.length()) {
        out.push_back(run(xs[i]));
        i = i + 1;
    };
    out
}

fun depth(n: u64): u64 {
    if (n == 0) 0 else 1 + depth(n - 1)
}

public fun recursive_depth(n: u64): u64 {
    depth(n)
}
