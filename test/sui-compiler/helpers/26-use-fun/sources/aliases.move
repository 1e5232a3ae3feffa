/// `use fun` aliases: methods for primitive and framework types, defined in this module.
module helpers::aliases;

use fun triple as u64.triple;
use fun describe_len as vector.described;

public struct Meter has copy, drop {
    value: u64,
}

use fun meter_double as Meter.twice;

fun triple(x: u64): u64 { x * 3 }

fun describe_len(v: &vector<u8>): u64 { v.length() * 10 }

fun meter_double(m: Meter): Meter { Meter { value: m.value * 2 } }

public fun triple_twice(x: u64): u64 {
    x.triple().triple()
}

public fun len_tens(v: vector<u8>): u64 {
    v.described()
}

public fun meters(x: u64): Meter {
    let m = Meter { value: x };
    m.twice().twice()
}
