/// Price rules used by the shop module of the same package (public(package) functions).
module helpers::pricing;

const EZeroPrice: u64 = 10;

public struct Quote has copy, drop {
    net: u64,
    tax: u64,
}

public(package) fun quote(price: u64, tax_bps: u64): Quote {
    assert!(price > 0, EZeroPrice);
    Quote { net: price, tax: price * tax_bps / 10_000 }
}

public fun total(q: &Quote): u64 {
    q.net + q.tax
}
