module helper::h;

public struct Receipt has store, drop {
    amount: u64,
}

fun publish<T: key>(_item: &T) {}

public fun show(receipt: &Receipt) {
    publish(receipt)
}
