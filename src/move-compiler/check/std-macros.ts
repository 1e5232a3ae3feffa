// The std library's macros, as Move source. Macros exist only in source (bytecode has no trace of
// them), so a compiler reading its dependencies as bytecode must bring its own definitions. These are
// written for this compiler from the documented behaviour of std's `vector`, `option` and integer
// macros; calls in them are fully qualified because they are expanded in the caller's module.

const INTEGERS: [string, bigint][] = [
  ['u8', (1n << 8n) - 1n],
  ['u16', (1n << 16n) - 1n],
  ['u32', (1n << 32n) - 1n],
  ['u64', (1n << 64n) - 1n],
  ['u128', (1n << 128n) - 1n],
  ['u256', (1n << 256n) - 1n],
];

const VECTOR = `
module std::vector {
    /// A vector of \`$n\` elements: \`$f(0)\`, ..., \`$f($n - 1)\`.
    public macro fun tabulate<$T>($n: u64, $f: |u64| -> $T): vector<$T> {
        let n = $n;
        let mut result = vector[];
        let mut i = 0;
        while (i < n) {
            result.push_back($f(i));
            i = i + 1;
        };
        result
    }

    /// Calls \`$f\` on each element, first to last, consuming the vector.
    public macro fun destroy<$T>($v: vector<$T>, $f: |$T|) {
        let mut v = $v;
        v.reverse();
        while (!v.is_empty()) $f(v.pop_back());
        v.destroy_empty();
    }

    public macro fun do<$T>($v: vector<$T>, $f: |$T|) {
        let mut v = $v;
        v.reverse();
        while (!v.is_empty()) $f(v.pop_back());
        v.destroy_empty();
    }

    public macro fun do_ref<$T>($v: &vector<$T>, $f: |&$T|) {
        let v = $v;
        let n = v.length();
        let mut i = 0;
        while (i < n) {
            $f(&v[i]);
            i = i + 1;
        };
    }

    public macro fun do_mut<$T>($v: &mut vector<$T>, $f: |&mut $T|) {
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
        let mut result = vector[];
        while (!v.is_empty()) result.push_back($f(v.pop_back()));
        v.destroy_empty();
        result
    }

    public macro fun map_ref<$T, $U>($v: &vector<$T>, $f: |&$T| -> $U): vector<$U> {
        let v = $v;
        let n = v.length();
        let mut result = vector[];
        let mut i = 0;
        while (i < n) {
            result.push_back($f(&v[i]));
            i = i + 1;
        };
        result
    }

    /// The elements for which \`$p\` holds, in order; the others are dropped.
    public macro fun filter<$T: drop>($v: vector<$T>, $p: |&$T| -> bool): vector<$T> {
        let mut v = $v;
        v.reverse();
        let mut result = vector[];
        while (!v.is_empty()) {
            let element = v.pop_back();
            if ($p(&element)) result.push_back(element);
        };
        v.destroy_empty();
        result
    }

    /// \`$f(...$f($f($init, v[0]), v[1])..., v[n - 1])\`.
    public macro fun fold<$T, $Acc>($v: vector<$T>, $init: $Acc, $f: |$Acc, $T| -> $Acc): $Acc {
        let mut v = $v;
        v.reverse();
        let mut acc = $init;
        while (!v.is_empty()) acc = $f(acc, v.pop_back());
        v.destroy_empty();
        acc
    }

    public macro fun count<$T>($v: &vector<$T>, $p: |&$T| -> bool): u64 {
        let v = $v;
        let n = v.length();
        let mut total = 0;
        let mut i = 0;
        while (i < n) {
            if ($p(&v[i])) total = total + 1;
            i = i + 1;
        };
        total
    }

    /// Whether \`$p\` holds for some element; stops at the first one.
    public macro fun any<$T>($v: &vector<$T>, $p: |&$T| -> bool): bool {
        let v = $v;
        let n = v.length();
        let mut found = false;
        let mut i = 0;
        while (!found && i < n) {
            found = $p(&v[i]);
            i = i + 1;
        };
        found
    }

    /// Whether \`$p\` holds for every element; stops at the first one it does not hold for.
    public macro fun all<$T>($v: &vector<$T>, $p: |&$T| -> bool): bool {
        let v = $v;
        let n = v.length();
        let mut holds = true;
        let mut i = 0;
        while (holds && i < n) {
            holds = $p(&v[i]);
            i = i + 1;
        };
        holds
    }

    /// The index of the first element \`$p\` holds for.
    public macro fun find_index<$T>($v: &vector<$T>, $p: |&$T| -> bool): std::option::Option<u64> {
        let v = $v;
        let n = v.length();
        let mut result = std::option::none();
        let mut i = 0;
        while (i < n) {
            if ($p(&v[i])) {
                result = std::option::some(i);
                break
            };
            i = i + 1;
        };
        result
    }
}
`;

const OPTION = `
module std::option {
    public macro fun destroy_or<$T>($o: Option<$T>, $default: $T): $T {
        let o = $o;
        if (o.is_some()) o.destroy_some()
        else {
            o.destroy_none();
            $default
        }
    }

    public macro fun extract_or<$T>($o: &mut Option<$T>, $default: $T): $T {
        let o = $o;
        if (o.is_some()) o.extract() else $default
    }

    public macro fun do<$T>($o: Option<$T>, $f: |$T|) {
        let o = $o;
        if (o.is_some()) $f(o.destroy_some()) else o.destroy_none()
    }

    public macro fun do_ref<$T>($o: &Option<$T>, $f: |&$T|) {
        let o = $o;
        if (o.is_some()) $f(o.borrow());
    }

    public macro fun do_mut<$T>($o: &mut Option<$T>, $f: |&mut $T|) {
        let o = $o;
        if (o.is_some()) $f(o.borrow_mut());
    }

    public macro fun map<$T, $U>($o: Option<$T>, $f: |$T| -> $U): Option<$U> {
        let o = $o;
        if (o.is_some()) std::option::some($f(o.destroy_some()))
        else {
            o.destroy_none();
            std::option::none()
        }
    }

    public macro fun map_ref<$T, $U>($o: &Option<$T>, $f: |&$T| -> $U): Option<$U> {
        let o = $o;
        if (o.is_some()) std::option::some($f(o.borrow())) else std::option::none()
    }

    public macro fun filter<$T: drop>($o: Option<$T>, $p: |&$T| -> bool): Option<$T> {
        let o = $o;
        if (o.is_some() && $p(o.borrow())) o else std::option::none()
    }

    public macro fun is_some_and<$T>($o: &Option<$T>, $p: |&$T| -> bool): bool {
        let o = $o;
        o.is_some() && $p(o.borrow())
    }

    public macro fun fold<$T, $U>($o: Option<$T>, $none: $U, $some: |$T| -> $U): $U {
        let o = $o;
        if (o.is_some()) $some(o.destroy_some())
        else {
            o.destroy_none();
            $none
        }
    }
}
`;

/** `max_value!`, `do!`, `do_eq!`, `range_do!`, `range_do_eq!` of one integer module. */
function integerModule(name: string, max: bigint): string {
  return `
module std::${name} {
    public macro fun max_value(): ${name} {
        ${max}${name}
    }

    /// \`$f(0)\`, ..., \`$f($stop - 1)\`.
    public macro fun do($stop: ${name}, $f: |${name}|) {
        let stop = $stop;
        let mut i = 0;
        while (i < stop) {
            $f(i);
            i = i + 1;
        };
    }

    /// \`$f(0)\`, ..., \`$f($stop)\` (stops before the increment could overflow).
    public macro fun do_eq($stop: ${name}, $f: |${name}|) {
        let stop = $stop;
        let mut i = 0;
        loop {
            $f(i);
            if (i == stop) break;
            i = i + 1;
        };
    }

    public macro fun range_do($start: ${name}, $stop: ${name}, $f: |${name}|) {
        let mut i = $start;
        let stop = $stop;
        while (i < stop) {
            $f(i);
            i = i + 1;
        };
    }

    public macro fun range_do_eq($start: ${name}, $stop: ${name}, $f: |${name}|) {
        let mut i = $start;
        let stop = $stop;
        if (i <= stop) loop {
            $f(i);
            if (i == stop) break;
            i = i + 1;
        };
    }
}
`;
}

/** One source text declaring the bundled macros, module by module. */
export const STD_MACROS_SOURCE = [
  VECTOR,
  OPTION,
  ...INTEGERS.map(([name, max]) => integerModule(name, max)),
].join('');

/** The path diagnostics in the bundled source would name. */
export const STD_MACROS_FILE = '<bundled std macros>';
