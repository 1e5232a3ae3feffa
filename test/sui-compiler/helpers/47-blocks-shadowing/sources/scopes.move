/// Block expressions, shadowed names and re-bound variables.
module helpers::scopes;

public fun shadow(x: u64): u64 {
    let x = x + 1;
    let y = {
        let x = x * 10;
        x + 5
    };
    let x = x + y;
    x
}

public fun block_value(flag: bool): u64 {
    let base = { 40 };
    let extra = { if (flag) { 2 } else { 0 } };
    base + extra
}

public fun rebinding(v: vector<u64>): u64 {
    let total = 0;
    let mut total = total;
    let mut i = 0;
    while (i < v.length()) {
        let i_val = v[i];
        total = total + i_val;
        i = i + 1;
    };
    total
}
