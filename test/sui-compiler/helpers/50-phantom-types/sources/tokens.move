/// Phantom type parameters: the same struct tagged by different marker types.
module helpers::tokens;

public struct Gold has drop {}
public struct Silver has drop {}

public struct Token<phantom T> has copy, drop, store {
    amount: u64,
}

public fun mint<T>(amount: u64): Token<T> {
    Token { amount }
}

public fun merge<T>(a: Token<T>, b: Token<T>): Token<T> {
    Token { amount: a.amount + b.amount }
}

public fun split<T>(t: Token<T>, part: u64): (Token<T>, Token<T>) {
    assert!(part <= t.amount, 1);
    (Token { amount: t.amount - part }, Token { amount: part })
}

public fun gold_and_silver(g: u64, s: u64): (Token<Gold>, Token<Silver>) {
    let g1 = mint<Gold>(g);
    let g2 = mint(1);
    (merge(g1, g2), mint<Silver>(s))
}

public fun split_gold(amount: u64, part: u64): (u64, u64) {
    let (a, b) = split(mint<Gold>(amount), part);
    (a.amount, b.amount)
}
