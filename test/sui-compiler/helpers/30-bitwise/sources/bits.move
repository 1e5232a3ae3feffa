/// Bit operations: and, or, xor, shifts, popcount, masks.
module helpers::bits;

public fun ops(a: u64, b: u64): (u64, u64, u64) {
    (a & b, a | b, a ^ b)
}

public fun popcount(mut x: u64): u8 {
    let mut n = 0u8;
    while (x != 0) {
        n = n + ((x & 1) as u8);
        x = x >> 1;
    };
    n
}

public fun set_bit(x: u32, bit: u8): u32 {
    x | (1u32 << bit)
}

public fun is_power_of_two(x: u128): bool {
    x != 0 && (x & (x - 1)) == 0
}

public fun low_byte(x: u256): u8 {
    ((x & 0xff) as u8)
}

public fun flags(mask: u8): vector<bool> {
    let mut out = vector[];
    let mut i = 0u8;
    while (i < 8) {
        out.push_back((mask >> i) & 1 == 1);
        i = i + 1;
    };
    out
}
