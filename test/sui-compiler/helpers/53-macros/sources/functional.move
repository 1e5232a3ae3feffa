/// The std vector and integer macros an LLM uses: tabulate!, map!, filter!, fold!, do!, any!.
module helpers::functional;

public fun squares(n: u64): vector<u64> {
    vector::tabulate!(n, |i| i * i)
}

public fun sum_doubled(v: vector<u64>): u64 {
    v.map!(|x| x * 2).fold!(0, |acc, x| acc + x)
}

public fun evens(v: vector<u64>): vector<u64> {
    v.filter!(|x| *x % 2 == 0)
}

public fun count_big(v: vector<u64>, limit: u64): u64 {
    let mut n = 0;
    v.do_ref!(|x| if (*x > limit) n = n + 1);
    n
}

public fun has_zero(v: vector<u64>): bool {
    v.any!(|x| *x == 0)
}

public fun repeat_sum(times: u64): u64 {
    let mut total = 0;
    times.do!(|i| total = total + i);
    total
}
