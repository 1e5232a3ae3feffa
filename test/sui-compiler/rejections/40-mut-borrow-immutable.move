module helper::h;

public fun one_two(): vector<u64> {
    let items = vector[1];
    vector::push_back(&mut items, 2);
    items
}
