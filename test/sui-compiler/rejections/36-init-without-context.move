module helper::h;

fun init(fee: u64) {
    assert!(fee > 0, 0);
}
