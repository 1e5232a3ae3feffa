/// Sorting and searching vectors in place: insertion sort, binary search, dedup.
module helpers::sort;

public fun insertion_sort(mut v: vector<u64>): vector<u64> {
    let n = v.length();
    let mut i = 1;
    while (i < n) {
        let mut j = i;
        while (j > 0 && v[j - 1] > v[j]) {
            v.swap(j - 1, j);
            j = j - 1;
        };
        i = i + 1;
    };
    v
}

public fun binary_search(v: vector<u64>, target: u64): Option<u64> {
    let sorted = insertion_sort(v);
    let (mut lo, mut hi) = (0, sorted.length());
    while (lo < hi) {
        let mid = (lo + hi) / 2;
        let x = sorted[mid];
        if (x == target) return option::some(mid);
        if (x < target) lo = mid + 1 else hi = mid;
    };
    option::none()
}

public fun dedup(v: vector<u64>): vector<u64> {
    let mut out = vector[];
    let mut i = 0;
    while (i < v.length()) {
        if (!out.contains(&v[i])) out.push_back(v[i]);
        i = i + 1;
    };
    out
}
