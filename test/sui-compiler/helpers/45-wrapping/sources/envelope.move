/// Objects wrapped inside other objects, and unwrapped again.
module helpers::envelope;

public struct Letter has key, store {
    id: UID,
    words: u64,
}

public struct Envelope has key {
    id: UID,
    letter: Option<Letter>,
}

fun letter(words: u64, ctx: &mut TxContext): Letter {
    Letter { id: object::new(ctx), words }
}

public fun seal_and_open(words: u64, ctx: &mut TxContext): u64 {
    let mut env = Envelope { id: object::new(ctx), letter: option::some(letter(words, ctx)) };
    let l = env.letter.extract();
    let w = l.words;
    transfer::public_transfer(l, ctx.sender());
    let Envelope { id, letter } = env;
    letter.destroy_none();
    id.delete();
    w
}

entry fun send_sealed(ctx: &mut TxContext) {
    let env = Envelope { id: object::new(ctx), letter: option::some(letter(3, ctx)) };
    transfer::transfer(env, ctx.sender());
}

entry fun send_empty(ctx: &mut TxContext) {
    let env = Envelope { id: object::new(ctx), letter: option::none() };
    transfer::transfer(env, @0xe);
}
