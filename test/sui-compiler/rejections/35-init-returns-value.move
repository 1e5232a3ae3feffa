module helper::h;

fun init(_ctx: &mut TxContext): u64 {
    0
}
