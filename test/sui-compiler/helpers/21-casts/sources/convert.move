/// Casts between integer widths, including the ones that fail.
module helpers::convert;

public fun narrow_u8(x: u64): u8 { (x as u8) }

public fun widen(x: u8): (u16, u32, u64, u128, u256) {
    ((x as u16), (x as u32), (x as u64), (x as u128), (x as u256))
}

public fun u256_to_u64(x: u256): u64 { (x as u64) }

public fun percent(part: u64, whole: u64): u8 {
    (((part as u128) * 100 / (whole as u128)) as u8)
}

public fun mixed_sum(a: u8, b: u16, c: u32): u64 {
    (a as u64) + (b as u64) + (c as u64)
}
