/// Aborts: abort with a code, assert! with a constant code, assert! without a code, clever errors.
module helpers::guard;

const ETooSmall: u64 = 1;
const ETooBig: u64 = 2;

#[error]
const ENotAllowed: vector<u8> = b"the caller may not do this";

public fun check_range(x: u64): u64 {
    assert!(x >= 10, ETooSmall);
    assert!(x <= 20, ETooBig);
    x
}

public fun plain_assert(x: u64): bool {
    assert!(x != 0);
    true
}

public fun explicit_abort(x: u64): u64 {
    if (x == 13) abort 1313;
    x + 1
}

public fun clever(flag: bool): u64 {
    assert!(flag, ENotAllowed);
    7
}

public fun abort_in_expression(x: u64): u64 {
    let y = if (x > 5) x else abort ETooSmall;
    y * 2
}

public fun literal_code(x: u8): u8 {
    assert!(x % 2 == 1, 0x77);
    x
}
