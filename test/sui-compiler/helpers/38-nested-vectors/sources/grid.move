/// Vectors of vectors: a small matrix built, transposed and summed.
module helpers::grid;

public fun matrix(rows: u64, cols: u64): vector<vector<u64>> {
    let mut m = vector[];
    let mut r = 0;
    while (r < rows) {
        let mut row = vector[];
        let mut c = 0;
        while (c < cols) {
            row.push_back(r * cols + c);
            c = c + 1;
        };
        m.push_back(row);
        r = r + 1;
    };
    m
}

public fun transpose(m: vector<vector<u64>>): vector<vector<u64>> {
    let mut out = vector[];
    if (m.is_empty()) return out;
    let cols = m[0].length();
    let mut c = 0;
    while (c < cols) {
        let mut col = vector[];
        let mut r = 0;
        while (r < m.length()) {
            col.push_back(m[r][c]);
            r = r + 1;
        };
        out.push_back(col);
        c = c + 1;
    };
    out
}

public fun trace(n: u64): u64 {
    let m = matrix(n, n);
    let mut sum = 0;
    let mut i = 0;
    while (i < n) {
        sum = sum + *m.borrow(i).borrow(i);
        i = i + 1;
    };
    sum
}
