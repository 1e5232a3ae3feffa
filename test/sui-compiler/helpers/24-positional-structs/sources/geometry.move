/// Positional structs: construct, access by index, unpack, nest.
module helpers::geometry;

public struct Point(u64, u64) has copy, drop;

public struct Segment(Point, Point) has copy, drop;

public struct Meters(u64) has copy, drop, store;

public fun point(x: u64, y: u64): Point {
    Point(x, y)
}

public fun manhattan(s: Segment): u64 {
    let Segment(a, b) = s;
    let Point(ax, ay) = a;
    let dx = if (ax > b.0) ax - b.0 else b.0 - ax;
    let dy = if (ay > b.1) ay - b.1 else b.1 - ay;
    dx + dy
}

public fun measure(x1: u64, y1: u64, x2: u64, y2: u64): Meters {
    Meters(manhattan(Segment(point(x1, y1), point(x2, y2))))
}

public fun stretch(mut p: Point, by: u64): Point {
    p.0 = p.0 * by;
    let y = &mut p.1;
    *y = *y * by;
    p
}

public fun meters_value(m: Meters): u64 {
    m.0
}
