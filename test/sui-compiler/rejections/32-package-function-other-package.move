module helper::h;

public fun registry(): address {
    object::sui_coin_registry_address()
}
