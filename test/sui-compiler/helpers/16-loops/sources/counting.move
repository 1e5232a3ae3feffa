/// Loops: while, loop with break and continue, early return from a loop.
module helpers::counting;

public fun factorial(n: u64): u64 {
    let mut acc = 1;
    let mut i = 2;
    while (i <= n) {
        acc = acc * i;
        i = i + 1;
    };
    acc
}

public fun fib(n: u64): u64 {
    let (mut a, mut b) = (0, 1);
    let mut i = 0;
    while (i < n) {
        let next = a + b;
        a = b;
        b = next;
        i = i + 1;
    };
    a
}

public fun sum_odd_below(n: u64): u64 {
    let mut total = 0;
    let mut i = 0;
    loop {
        i = i + 1;
        if (i >= n) break;
        if (i % 2 == 0) continue;
        total = total + i;
    };
    total
}

public fun first_square_above(limit: u64): u64 {
    let mut i = 0;
    loop {
        if (i * i > limit) return i;
        i = i + 1;
    }
}

public fun digit_sum(mut n: u64): u64 {
    let mut s = 0;
    while (n > 0) {
        s = s + n % 10;
        n = n / 10;
    };
    s
}

public fun collatz_steps(mut n: u64): u64 {
    let mut steps = 0;
    while (n != 1) {
        n = if (n % 2 == 0) n / 2 else 3 * n + 1;
        steps = steps + 1;
    };
    steps
}
