/// u128 and u256 arithmetic: products that need the width, and fixed-point scaling.
module helpers::wide;

const SCALE: u128 = 1_000_000_000;

public fun mul_div(a: u64, b: u64, c: u64): u64 {
    ((a as u128) * (b as u128) / (c as u128)) as u64
}

public fun to_fixed(x: u64): u128 {
    (x as u128) * SCALE
}

public fun pow_u256(base: u256, mut exp: u8): u256 {
    let mut result = 1;
    while (exp > 0) {
        result = result * base;
        exp = exp - 1;
    };
    result
}

public fun max_u128(): u128 {
    340282366920938463463374607431768211455
}
