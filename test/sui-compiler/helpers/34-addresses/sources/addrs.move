/// Addresses: literals, comparison, conversion to bytes and strings.
module helpers::addrs;

use sui::address;

const TREASURY: address = @0x7e;

public fun is_treasury(a: address): bool {
    a == TREASURY
}

public fun as_bytes(a: address): vector<u8> {
    address::to_bytes(a)
}

public fun from_bytes(bytes: vector<u8>): address {
    address::from_bytes(bytes)
}

public fun as_hex(a: address): std::ascii::String {
    address::to_ascii_string(a)
}

public fun pick(flag: bool): address {
    if (flag) @0x1 else @sui
}
