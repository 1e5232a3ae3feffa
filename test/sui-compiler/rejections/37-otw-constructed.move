module helper::h;

public struct H has drop {}

fun init(_otw: H, _ctx: &mut TxContext) {}

public fun forge(): H {
    H {}
}
