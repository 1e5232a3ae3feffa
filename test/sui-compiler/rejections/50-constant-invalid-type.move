module helper::h;

const DEFAULT_FEE: Option<u64> = option::none();

public fun fee(): u64 {
    7
}
