/// Enums with match: variants with and without fields, exhaustive matches, wildcard arms.
module helpers::shapes;

public enum Shape has copy, drop {
    Circle { radius: u64 },
    Rect { w: u64, h: u64 },
    Empty,
}

public fun circle(radius: u64): Shape { Shape::Circle { radius } }

public fun rect(w: u64, h: u64): Shape { Shape::Rect { w, h } }

public fun area_x100(s: &Shape): u64 {
    match (s) {
        Shape::Circle { radius } => *radius * *radius * 314,
        Shape::Rect { w, h } => *w * *h * 100,
        Shape::Empty => 0,
    }
}

public fun is_round(s: Shape): bool {
    match (s) {
        Shape::Circle { .. } => true,
        _ => false,
    }
}

public fun areas(r: u64, w: u64, h: u64): vector<u64> {
    let shapes = vector[circle(r), rect(w, h), Shape::Empty];
    let mut out = vector[];
    let mut i = 0;
    while (i < shapes.length()) {
        out.push_back(area_x100(&shapes[i]));
        i = i + 1;
    };
    out
}
