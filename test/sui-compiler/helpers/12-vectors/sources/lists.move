/// Vector operations an LLM reaches for: push, pop, reverse, contains, index_of, append, remove, swap.
module helpers::lists;

public fun range(n: u64): vector<u64> {
    let mut v = vector[];
    let mut i = 0;
    while (i < n) {
        v.push_back(i);
        i = i + 1;
    };
    v
}

public fun sum(v: vector<u64>): u64 {
    let mut total = 0;
    let mut i = 0;
    let n = v.length();
    while (i < n) {
        total = total + v[i];
        i = i + 1;
    };
    total
}

public fun reversed(mut v: vector<u64>): vector<u64> {
    v.reverse();
    v
}

public fun find(v: vector<u64>, x: u64): (bool, u64) {
    v.index_of(&x)
}

public fun has(v: vector<u64>, x: u64): bool {
    v.contains(&x)
}

public fun pop_all(mut v: vector<u64>): u64 {
    let mut last = 0;
    while (!v.is_empty()) {
        last = v.pop_back();
    };
    v.destroy_empty();
    last
}

public fun shuffle(mut v: vector<u64>, i: u64, j: u64): vector<u64> {
    v.swap(i, j);
    let first = v.remove(0);
    v.push_back(first);
    v.append(vector[99, 100]);
    v.insert(7, 1);
    v
}

public fun nth(v: vector<u64>, i: u64): u64 {
    *v.borrow(i)
}
