/// An NFT collection of the kind LLMs write: a shared collection object minting NFTs with names and numbers.
module helpers::collection;

use std::string::{Self, String};
use sui::event;

const EMaxReached: u64 = 5;

public struct Collection has key {
    id: UID,
    minted: u64,
    max: u64,
}

public struct Nft has key, store {
    id: UID,
    name: String,
    number: u64,
}

public struct Minted has copy, drop {
    nft: ID,
    number: u64,
}

fun mint(c: &mut Collection, ctx: &mut TxContext): Nft {
    assert!(c.minted < c.max, EMaxReached);
    c.minted = c.minted + 1;
    let mut name = string::utf8(b"Item #");
    name.append(c.minted.to_string());
    let nft = Nft { id: object::new(ctx), name, number: c.minted };
    event::emit(Minted { nft: object::id(&nft), number: nft.number });
    nft
}

public fun mint_names(max: u64, n: u64, ctx: &mut TxContext): vector<String> {
    let mut c = Collection { id: object::new(ctx), minted: 0, max };
    let mut names = vector[];
    let mut i = 0;
    while (i < n) {
        let nft = mint(&mut c, ctx);
        names.push_back(nft.name);
        transfer::public_transfer(nft, ctx.sender());
        i = i + 1;
    };
    transfer::share_object(c);
    names
}

entry fun launch(ctx: &mut TxContext) {
    let mut c = Collection { id: object::new(ctx), minted: 0, max: 10 };
    let first = mint(&mut c, ctx);
    let second = mint(&mut c, ctx);
    transfer::public_transfer(first, ctx.sender());
    transfer::public_transfer(second, @0xf00d);
    transfer::share_object(c);
}
