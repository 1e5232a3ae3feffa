module helper::h;

public fun sum(values: vector<u64>): u64 {
    let total = 0;
    let mut i = 0;
    while (i < values.length()) {
        total = total + values[i];
        i = i + 1;
    };
    total
}
