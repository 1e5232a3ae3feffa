module helper::h;

public fun empty_ids(): vector<u64> {
    let ids = vector<>[];
    ids
}
