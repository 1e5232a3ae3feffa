/// Counters kept as dynamic fields keyed by address on a shared object.
module helpers::tally;

use sui::dynamic_field as df;

public struct Board has key {
    id: UID,
}

fun vote(board: &mut Board, who: address) {
    if (df::exists_(&board.id, who)) {
        let n: &mut u64 = df::borrow_mut(&mut board.id, who);
        *n = *n + 1;
    } else {
        df::add(&mut board.id, who, 1u64);
    }
}

public fun votes(voters: vector<address>, ask: address, ctx: &mut TxContext): u64 {
    let mut board = Board { id: object::new(ctx) };
    let mut i = 0;
    while (i < voters.length()) {
        vote(&mut board, voters[i]);
        i = i + 1;
    };
    let result = if (df::exists_(&board.id, ask)) *df::borrow(&board.id, ask) else 0;
    transfer::share_object(board);
    result
}

public fun removed(ctx: &mut TxContext): Option<u64> {
    let mut board = Board { id: object::new(ctx) };
    vote(&mut board, @0x1);
    vote(&mut board, @0x1);
    let gone = df::remove_if_exists<address, u64>(&mut board.id, @0x1);
    let Board { id } = board;
    id.delete();
    gone
}

entry fun open_board(ctx: &mut TxContext) {
    let mut board = Board { id: object::new(ctx) };
    vote(&mut board, ctx.sender());
    transfer::share_object(board);
}
