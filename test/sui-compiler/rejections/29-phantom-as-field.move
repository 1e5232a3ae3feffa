module helper::h;

public struct Tagged<phantom T> has store, drop {
    value: T,
}
