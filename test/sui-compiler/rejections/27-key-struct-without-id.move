module helper::h;

public struct Vault has key {
    balance: u64,
    owner: address,
}
