module helper::h;

public fun threshold(strict: bool): u64 {
    if (strict) {
        return false
    };
    10
}
