// The public macros of std::vector, written for the stubs from their documented behaviour. Loops are
// spelled out (no macro calls another) so each body reads alone; the order in which elements are visited
// is the documented one, since a helper's lambda may have effects.
import type { MacroGroup } from './macro-group.js';

const VECTOR = `
    /// \`vector[$f(0), ..., $f($n - 1)]\`.
    public macro fun tabulate<$T>($n: u64, $f: |u64| -> $T): vector<$T> {
        let n = $n;
        let mut out = vector[];
        let mut i = 0;
        while (i < n) {
            out.push_back($f(i));
            i = i + 1;
        };
        out
    }

    /// Calls \`$f\` on each element, last to first, consuming the vector.
    public macro fun destroy<$T, $R: drop>($v: vector<$T>, $f: |$T| -> $R) {
        let mut v = $v;
        while (v.length() > 0) {
            $f(v.pop_back());
        };
        v.destroy_empty();
    }

    /// Calls \`$f\` on each element, first to last, consuming the vector.
    public macro fun do<$T, $R: drop>($v: vector<$T>, $f: |$T| -> $R) {
        let mut v = $v;
        v.reverse();
        while (v.length() > 0) {
            $f(v.pop_back());
        };
        v.destroy_empty();
    }

    public macro fun do_ref<$T, $R: drop>($v: &vector<$T>, $f: |&$T| -> $R) {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n) {
            $f(&v[i]);
            i = i + 1;
        };
    }

    public macro fun do_mut<$T, $R: drop>($v: &mut vector<$T>, $f: |&mut $T| -> $R) {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n) {
            $f(&mut v[i]);
            i = i + 1;
        };
    }

    public macro fun map<$T, $U>($v: vector<$T>, $f: |$T| -> $U): vector<$U> {
        let mut v = $v;
        v.reverse();
        let mut out = vector[];
        while (v.length() > 0) out.push_back($f(v.pop_back()));
        v.destroy_empty();
        out
    }

    public macro fun map_ref<$T, $U>($v: &vector<$T>, $f: |&$T| -> $U): vector<$U> {
        let v = $v;
        let n = v.length();
        let mut out = vector[];
        let mut i = 0;
        while (i < n) {
            out.push_back($f(&v[i]));
            i = i + 1;
        };
        out
    }

    /// The elements \`$f\` holds for, in order; the others are dropped.
    public macro fun filter<$T: drop>($v: vector<$T>, $f: |&$T| -> bool): vector<$T> {
        let mut v = $v;
        v.reverse();
        let mut kept = vector[];
        while (v.length() > 0) {
            let element = v.pop_back();
            if ($f(&element)) kept.push_back(element);
        };
        v.destroy_empty();
        kept
    }

    /// (the elements \`$f\` holds for, the others), both in order.
    public macro fun partition<$T>($v: vector<$T>, $f: |&$T| -> bool): (vector<$T>, vector<$T>) {
        let mut v = $v;
        v.reverse();
        let mut holds = vector[];
        let mut fails = vector[];
        while (v.length() > 0) {
            let element = v.pop_back();
            if ($f(&element)) holds.push_back(element) else fails.push_back(element);
        };
        v.destroy_empty();
        (holds, fails)
    }

    /// The index of the first element \`$f\` holds for.
    public macro fun find_index<$T>($v: &vector<$T>, $f: |&$T| -> bool): std::option::Option<u64> {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n && !$f(&v[i])) i = i + 1;
        if (i < n) std::option::some(i) else std::option::none()
    }

    public macro fun find_indices<$T>($v: &vector<$T>, $f: |&$T| -> bool): vector<u64> {
        let v = $v;
        let n = v.length();
        let mut found = vector[];
        let mut i = 0;
        while (i < n) {
            if ($f(&v[i])) found.push_back(i);
            i = i + 1;
        };
        found
    }

    public macro fun count<$T>($v: &vector<$T>, $f: |&$T| -> bool): u64 {
        let v = $v;
        let n = v.length();
        let mut total = 0;
        let mut i = 0;
        while (i < n) {
            if ($f(&v[i])) total = total + 1;
            i = i + 1;
        };
        total
    }

    /// \`$f(...$f($f($init, v[0]), v[1])..., v[n - 1])\`.
    public macro fun fold<$T, $Acc>($v: vector<$T>, $init: $Acc, $f: |$Acc, $T| -> $Acc): $Acc {
        let mut v = $v;
        v.reverse();
        let mut acc = $init;
        while (v.length() > 0) acc = $f(acc, v.pop_back());
        v.destroy_empty();
        acc
    }

    /// Whether \`$f\` holds for some element; stops at the first one.
    public macro fun any<$T>($v: &vector<$T>, $f: |&$T| -> bool): bool {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n && !$f(&v[i])) i = i + 1;
        i < n
    }

    /// Whether \`$f\` holds for every element; stops at the first one it does not hold for.
    public macro fun all<$T>($v: &vector<$T>, $f: |&$T| -> bool): bool {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n && $f(&v[i])) i = i + 1;
        i == n
    }

    /// Calls \`$f\` on the pairs, first to last, consuming both; aborts when the lengths differ.
    public macro fun zip_do<$T1, $T2, $R: drop>($v1: vector<$T1>, $v2: vector<$T2>, $f: |$T1, $T2| -> $R) {
        let mut v1 = $v1;
        let mut v2 = $v2;
        assert!(v1.length() == v2.length());
        v1.reverse();
        v2.reverse();
        while (v1.length() > 0) {
            $f(v1.pop_back(), v2.pop_back());
        };
        v1.destroy_empty();
        v2.destroy_empty();
    }

    /// Calls \`$f\` on the pairs, last to first, consuming both; aborts when the lengths differ.
    public macro fun zip_do_reverse<$T1, $T2, $R: drop>($v1: vector<$T1>, $v2: vector<$T2>, $f: |$T1, $T2| -> $R) {
        let mut v1 = $v1;
        let mut v2 = $v2;
        assert!(v1.length() == v2.length());
        while (v1.length() > 0) {
            $f(v1.pop_back(), v2.pop_back());
        };
        v1.destroy_empty();
        v2.destroy_empty();
    }

    public macro fun zip_do_ref<$T1, $T2, $R: drop>($v1: &vector<$T1>, $v2: &vector<$T2>, $f: |&$T1, &$T2| -> $R) {
        let v1 = $v1;
        let v2 = $v2;
        let n = v1.length();
        assert!(n == v2.length());
        let mut i = 0;
        while (i < n) {
            $f(&v1[i], &v2[i]);
            i = i + 1;
        };
    }

    public macro fun zip_do_mut<$T1, $T2, $R: drop>(
        $v1: &mut vector<$T1>,
        $v2: &mut vector<$T2>,
        $f: |&mut $T1, &mut $T2| -> $R,
    ) {
        let v1 = $v1;
        let v2 = $v2;
        let n = v1.length();
        assert!(n == v2.length());
        let mut i = 0;
        while (i < n) {
            $f(&mut v1[i], &mut v2[i]);
            i = i + 1;
        };
    }

    public macro fun zip_map<$T1, $T2, $U>($v1: vector<$T1>, $v2: vector<$T2>, $f: |$T1, $T2| -> $U): vector<$U> {
        let mut v1 = $v1;
        let mut v2 = $v2;
        assert!(v1.length() == v2.length());
        v1.reverse();
        v2.reverse();
        let mut out = vector[];
        while (v1.length() > 0) out.push_back($f(v1.pop_back(), v2.pop_back()));
        v1.destroy_empty();
        v2.destroy_empty();
        out
    }

    public macro fun zip_map_ref<$T1, $T2, $U>($v1: &vector<$T1>, $v2: &vector<$T2>, $f: |&$T1, &$T2| -> $U): vector<$U> {
        let v1 = $v1;
        let v2 = $v2;
        let n = v1.length();
        assert!(n == v2.length());
        let mut out = vector[];
        let mut i = 0;
        while (i < n) {
            out.push_back($f(&v1[i], &v2[i]));
            i = i + 1;
        };
        out
    }

    /// Stable in-place sort; \`$le\` is "less than or equal".
    public macro fun insertion_sort_by<$T>($v: &mut vector<$T>, $le: |&$T, &$T| -> bool) {
        let v = $v;
        let n = v.length();
        let mut sorted = 1;
        while (sorted < n) {
            let mut j = sorted;
            while (j > 0 && !$le(&v[j - 1], &v[j])) {
                v.swap(j - 1, j);
                j = j - 1;
            };
            sorted = sorted + 1;
        };
    }

    /// Stable in-place sort; \`$le\` is "less than or equal". Bottom-up merges of sorted runs, each
    /// merge done in place by rotating the out-of-order element down.
    public macro fun merge_sort_by<$T>($v: &mut vector<$T>, $le: |&$T, &$T| -> bool) {
        let v = $v;
        let n = v.length();
        let mut width = 1;
        while (width < n) {
            let mut start = 0;
            while (start + width < n) {
                let mut left = start;
                let mut mid = start + width;
                let end = if (start + 2 * width < n) start + 2 * width else n;
                while (left < mid && mid < end) {
                    if ($le(&v[left], &v[mid])) left = left + 1
                    else {
                        let mut k = mid;
                        while (k > left) {
                            v.swap(k - 1, k);
                            k = k - 1;
                        };
                        left = left + 1;
                        mid = mid + 1;
                    }
                };
                start = start + 2 * width;
            };
            width = width * 2;
        };
    }

    public macro fun is_sorted_by<$T>($v: &vector<$T>, $le: |&$T, &$T| -> bool): bool {
        let v = $v;
        let n = v.length();
        let mut i = 1;
        while (i < n && $le(&v[i - 1], &v[i])) i = i + 1;
        i >= n
    }

    /// The leading elements \`$p\` holds for; the rest are dropped.
    public macro fun take_while<$T: drop>($v: vector<$T>, $p: |&$T| -> bool): vector<$T> {
        let mut v = $v;
        v.reverse();
        let mut taken = vector[];
        while (v.length() > 0 && $p(&v[v.length() - 1])) taken.push_back(v.pop_back());
        taken
    }

    /// The elements after the leading ones \`$p\` holds for, which are dropped.
    public macro fun skip_while<$T: drop>($v: vector<$T>, $p: |&$T| -> bool): vector<$T> {
        let mut v = $v;
        v.reverse();
        while (v.length() > 0 && $p(&v[v.length() - 1])) {
            v.pop_back();
        };
        v.reverse();
        v
    }
`;

export const VECTOR_MACROS: MacroGroup = {
  module: '0x1::vector',
  calls: [
    ...['length', 'borrow', 'borrow_mut', 'push_back', 'pop_back', 'swap', 'destroy_empty', 'reverse'].map(
      (name) => `vector::${name}`,
    ),
    'option::some',
    'option::none',
  ],
  source: VECTOR,
};
