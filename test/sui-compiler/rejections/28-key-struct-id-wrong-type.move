module helper::h;

public struct Vault has key {
    id: address,
    balance: u64,
}
