/// Constants of every kind an LLM declares: integers, bools, addresses, byte strings, vectors.
module helpers::settings;

const MAX_SUPPLY: u64 = 1_000_000;
const FEE_BPS: u16 = 250;
const BIG: u128 = 340282366920938463463374607431768211455;
const ENABLED: bool = true;
const ADMIN: address = @0xad;
const NAME: vector<u8> = b"settings";
const HEX_NAME: vector<u8> = x"cafe";
const PRIMES: vector<u64> = vector[2, 3, 5, 7, 11];
const SHIFTED: u64 = 1 << 10;

public fun limits(): (u64, u16, u128, bool) {
    (MAX_SUPPLY, FEE_BPS, BIG, ENABLED)
}

public fun admin(): address { ADMIN }

public fun names(): (vector<u8>, vector<u8>) { (NAME, HEX_NAME) }

public fun nth_prime(i: u64): u64 {
    let primes = PRIMES;
    primes[i]
}

public fun fee(amount: u64): u64 {
    amount * (FEE_BPS as u64) / 10_000 + SHIFTED
}
