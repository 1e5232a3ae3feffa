/// Balances held inside an object: deposit, withdraw, withdraw_all, and zero balances.
module helpers::vault;

use sui::balance::{Self, Balance, Supply};

public struct TOKEN has drop {}

public struct Vault has key {
    id: UID,
    funds: Balance<TOKEN>,
    supply: Supply<TOKEN>,
}

fun open(ctx: &mut TxContext): Vault {
    Vault { id: object::new(ctx), funds: balance::zero(), supply: balance::create_supply(TOKEN {}) }
}

fun deposit(vault: &mut Vault, amount: u64): u64 {
    let fresh = vault.supply.increase_supply(amount);
    vault.funds.join(fresh)
}

public fun zero_is_zero(): bool {
    let b = balance::zero<TOKEN>();
    let empty = b.value() == 0;
    b.destroy_zero();
    empty
}

public fun deposit_twice(a: u64, b: u64, ctx: &mut TxContext): u64 {
    let mut vault = open(ctx);
    deposit(&mut vault, a);
    let after = deposit(&mut vault, b);
    transfer::share_object(vault);
    after
}

public fun withdraw(amount: u64, take: u64, ctx: &mut TxContext): (u64, u64) {
    let mut vault = open(ctx);
    deposit(&mut vault, amount);
    let out = vault.funds.split(take);
    let taken = out.value();
    vault.funds.join(out);
    let all = vault.funds.withdraw_all();
    let left = vault.funds.value();
    vault.supply.decrease_supply(all);
    transfer::share_object(vault);
    (taken, left)
}

entry fun open_vault(ctx: &mut TxContext) {
    let mut vault = open(ctx);
    deposit(&mut vault, 7);
    transfer::transfer(vault, ctx.sender());
}
