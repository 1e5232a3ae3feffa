/// A table whose values are vectors: append messages per recipient.
module helpers::inbox;

use sui::table::{Self, Table};

public struct Inbox has key {
    id: UID,
    messages: Table<address, vector<vector<u8>>>,
}

fun post(inbox: &mut Inbox, to: address, text: vector<u8>) {
    if (!inbox.messages.contains(to)) {
        inbox.messages.add(to, vector[]);
    };
    inbox.messages.borrow_mut(to).push_back(text);
}

public fun count_for(n: u64, ctx: &mut TxContext): (u64, u64) {
    let mut inbox = Inbox { id: object::new(ctx), messages: table::new(ctx) };
    let mut i = 0;
    while (i < n) {
        post(&mut inbox, if (i % 2 == 0) @0x1 else @0x2, b"hi");
        i = i + 1;
    };
    let ones = inbox.messages.borrow(@0x1).length();
    let recipients = inbox.messages.length();
    transfer::share_object(inbox);
    (ones, recipients)
}

entry fun create_inbox(ctx: &mut TxContext) {
    let mut inbox = Inbox { id: object::new(ctx), messages: table::new(ctx) };
    post(&mut inbox, ctx.sender(), b"welcome");
    transfer::share_object(inbox);
}
