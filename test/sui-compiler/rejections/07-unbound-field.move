module helper::h;

public struct Wallet has store, drop {
    balance: u64,
    owner: address,
}

public fun balance_of(wallet: &Wallet): u64 {
    wallet.balanc
}
