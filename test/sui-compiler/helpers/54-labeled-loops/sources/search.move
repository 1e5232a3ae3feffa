/// Labeled loops: break and continue to an outer loop.
module helpers::search;

public fun find_pair(v: vector<u64>, target: u64): (u64, u64) {
    let n = v.length();
    let (mut found_i, mut found_j) = (n, n);
    let mut i = 0;
    'outer: while (i < n) {
        let mut j = i + 1;
        while (j < n) {
            if (v[i] + v[j] == target) {
                found_i = i;
                found_j = j;
                break 'outer
            };
            j = j + 1;
        };
        i = i + 1;
    };
    (found_i, found_j)
}

public fun count_rows_without_zero(rows: vector<vector<u8>>): u64 {
    let mut count = 0;
    let mut r = 0;
    'rows: while (r < rows.length()) {
        let row = &rows[r];
        r = r + 1;
        let mut c = 0;
        while (c < row.length()) {
            if (row[c] == 0) continue 'rows;
            c = c + 1;
        };
        count = count + 1;
    };
    count
}

public fun loop_value(limit: u64): u64 {
    let mut i = 0;
    let result = loop {
        i = i + 3;
        if (i > limit) break i * 10;
    };
    result
}
