/// Small integer types in loops: counters that overflow after some iterations.
module helpers::bytes;

public fun count_up(start: u8, steps: u64): u8 {
    let mut x = start;
    let mut i = 0;
    while (i < steps) {
        x = x + 1;
        i = i + 1;
    };
    x
}

public fun checksum(data: vector<u8>): u8 {
    let mut sum = 0u16;
    let mut i = 0;
    while (i < data.length()) {
        sum = (sum + (data[i] as u16)) % 256;
        i = i + 1;
    };
    (sum as u8)
}

public fun countdown(n: u16): vector<u16> {
    let mut out = vector[];
    let mut x = n;
    loop {
        out.push_back(x);
        if (x == 0) break;
        x = x - 1;
    };
    out
}
