/// Increase and decrease a supply; burning more than was minted fails.
module helpers::burner;

use sui::balance::{Self, Balance, Supply};

public struct ASH has drop {}

public struct Furnace has key {
    id: UID,
    supply: Supply<ASH>,
}

public fun mint_burn(mint: u64, burn: u64, ctx: &mut TxContext): (u64, u64) {
    let mut f = Furnace { id: object::new(ctx), supply: balance::create_supply(ASH {}) };
    let mut b: Balance<ASH> = f.supply.increase_supply(mint);
    let part = b.split(burn);
    f.supply.decrease_supply(part);
    let remaining = b.value();
    f.supply.decrease_supply(b);
    let total = f.supply.supply_value();
    transfer::share_object(f);
    (remaining, total)
}

public fun overflow_supply(ctx: &mut TxContext): u64 {
    let mut f = Furnace { id: object::new(ctx), supply: balance::create_supply(ASH {}) };
    let a = f.supply.increase_supply(18446744073709551615);
    let b = f.supply.increase_supply(1);
    let mut all = a;
    all.join(b);
    let v = all.value();
    f.supply.decrease_supply(all);
    transfer::share_object(f);
    v
}
