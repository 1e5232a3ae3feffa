/// BCS: serialise values with std::bcs, read them back with sui::bcs.
module helpers::codec;

use sui::bcs;

public struct Header has copy, drop {
    version: u8,
    length: u64,
    owner: address,
}

public fun encode(version: u8, length: u64): vector<u8> {
    let h = Header { version, length, owner: @0x42 };
    std::bcs::to_bytes(&h)
}

public fun decode(bytes: vector<u8>): (u8, u64, address) {
    let mut reader = bcs::new(bytes);
    let v = reader.peel_u8();
    let l = reader.peel_u64();
    let o = reader.peel_address();
    (v, l, o)
}

public fun round_trip(values: vector<u64>): vector<u64> {
    let bytes = std::bcs::to_bytes(&values);
    let mut reader = bcs::new(bytes);
    reader.peel_vec_u64()
}
