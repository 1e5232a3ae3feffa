/// Checkout using the pricing module of the same package.
module helpers::checkout;

use helpers::pricing::{Self, Quote};

public struct Receipt has key, store {
    id: UID,
    paid: u64,
}

public fun basket_total(prices: vector<u64>): u64 {
    let mut sum = 0;
    let mut i = 0;
    while (i < prices.length()) {
        let q: Quote = pricing::quote(prices[i], 800);
        sum = sum + q.total();
        i = i + 1;
    };
    sum
}

entry fun pay(ctx: &mut TxContext) {
    let paid = basket_total(vector[100, 250]);
    transfer::public_transfer(Receipt { id: object::new(ctx), paid }, ctx.sender());
}
