/// Arithmetic that fails at run time: overflow, underflow, division by zero, over-wide shifts.
module helpers::overflow;

public fun add_u8(a: u8, b: u8): u8 { a + b }

public fun sub_u64(a: u64, b: u64): u64 { a - b }

public fun mul_u128(a: u128, b: u128): u128 { a * b }

public fun div(a: u64, b: u64): u64 { a / b }

public fun rem(a: u32, b: u32): u32 { a % b }

public fun shl_u8(a: u8, n: u8): u8 { a << n }

public fun shr_u64(a: u64, n: u8): u64 { a >> n }

public fun add_u256(a: u256, b: u256): u256 { a + b }

public fun mean(a: u64, b: u64): u64 {
    (a + b) / 2
}

public fun safe_mean(a: u64, b: u64): u64 {
    a / 2 + b / 2 + (a % 2 + b % 2) / 2
}
