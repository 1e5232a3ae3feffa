/// Match beyond the basics: generic and positional variants, guards, `|` alternatives, literals,
/// constants, `@` bindings, matches through `&mut`, and clever errors from an `#[error]` constant.
module helpers::patterns;

const LUCKY: u64 = 7;

#[error]
const ENothing: vector<u8> = b"there is nothing here";

public enum Maybe<T> has copy, drop {
    Just(T),
    Nothing,
}

public enum Op has copy, drop {
    Add,
    Sub,
    Mul,
}

public fun make(x: u64): Maybe<u64> {
    if (x == 0) Maybe::Nothing else Maybe::Just(x)
}

public fun just_or(m: Maybe<u64>, default: u64): u64 {
    match (m) {
        Maybe::Just(x) => x,
        Maybe::Nothing => default,
    }
}

public fun must(m: Maybe<u64>): u64 {
    match (m) {
        Maybe::Just(x) => x,
        Maybe::Nothing => abort ENothing,
    }
}

public fun big_or_zero(m: Maybe<u64>, limit: u64): u64 {
    match (m) {
        Maybe::Just(x) if (*x > limit) => x,
        _ => 0,
    }
}

public fun apply(op: Op, a: u64, b: u64): u64 {
    match (op) {
        Op::Add => a + b,
        Op::Sub => a - b,
        Op::Mul => a * b,
    }
}

public fun is_additive(op: &Op): bool {
    match (op) {
        Op::Add | Op::Sub => true,
        Op::Mul => false,
    }
}

public fun bumped(x: u64): Maybe<u64> {
    let mut m = make(x);
    match (&mut m) {
        Maybe::Just(v) => *v = *v + 1,
        Maybe::Nothing => (),
    };
    m
}

public fun first_above(v: vector<Maybe<u64>>, limit: u64): u64 {
    let mut i = 0;
    while (i < v.length()) {
        match (&v[i]) {
            Maybe::Just(x) if (*x > limit) => return *x,
            _ => (),
        };
        i = i + 1;
    };
    0
}

public fun classify(n: u64): u64 {
    match (n) {
        0 => 100,
        1 | 2 | 3 => 200,
        LUCKY => 777,
        x @ (10 | 20) => 1000 + x,
        x if (*x % 2 == 0) => 300 + x,
        _ => 400,
    }
}

public fun flag(b: bool): u8 {
    match (b) {
        true => 1,
        false => 0,
    }
}
