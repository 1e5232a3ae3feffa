module helper::h;

public struct Listing<phantom T> has store, drop {
    prices: vector<T>,
}
