module helper::h;

public struct H has copy, drop {}

fun init(_otw: H, _ctx: &mut TxContext) {}
