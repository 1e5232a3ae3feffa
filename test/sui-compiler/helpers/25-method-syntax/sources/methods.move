/// Method-call syntax on framework and own types: ctx.sender(), coin.value(), v.push_back(x), id.to_address().
module helpers::methods;

use sui::coin;
use sui::sui::SUI;

public struct Card has key {
    id: UID,
    points: u64,
}

public fun points(self: &Card): u64 {
    self.points
}

public fun add_points(self: &mut Card, n: u64) {
    self.points = self.points + n;
}

public fun sender_bytes(ctx: &TxContext): vector<u8> {
    let me = ctx.sender();
    sui::address::to_bytes(me)
}

public fun coin_value(ctx: &mut TxContext): u64 {
    let c = coin::zero<SUI>(ctx);
    let v = c.value();
    c.destroy_zero();
    v
}

public fun card_address_matches(ctx: &mut TxContext): bool {
    let mut card = Card { id: object::new(ctx), points: 0 };
    card.add_points(5);
    card.add_points(6);
    let a = card.id.to_address();
    let ok = object::id(&card).to_address() == a && card.points() == 11;
    transfer::transfer(card, ctx.sender());
    ok
}

public fun collect(n: u64): vector<u64> {
    let mut v = vector[];
    let mut i = 0;
    while (i < n) {
        v.push_back(i * i);
        i = i + 1;
    };
    v
}

entry fun mint_card(ctx: &mut TxContext) {
    let card = Card { id: object::new(ctx), points: 1 };
    transfer::transfer(card, ctx.sender());
}
