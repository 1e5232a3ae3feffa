module helper::h;

public enum Status has drop {
    Active,
    Paused { until: u64 },
    Closed,
}

public fun is_open(s: &Status): bool {
    match (s) {
        Status::Active => true,
        Status::Paused { .. } => false,
    }
}
