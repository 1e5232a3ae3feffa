module helper::h;

public fun double(value: u64): u64 {
    let result = valeu * 2;
    result
}
