// The public macros of std::option, written for the stubs from their documented behaviour: a default or
// `$none` argument is evaluated only when the option is empty.
import type { MacroGroup } from './macro-group.js';

const OPTION = `
    public macro fun destroy<$T, $R: drop>($o: Option<$T>, $f: |$T| -> $R) {
        let o = $o;
        o.do!($f)
    }

    public macro fun do<$T, $R: drop>($o: Option<$T>, $f: |$T| -> $R) {
        let o = $o;
        if (o.is_some()) {
            $f(o.destroy_some());
        } else o.destroy_none()
    }

    public macro fun do_ref<$T, $R: drop>($o: &Option<$T>, $f: |&$T| -> $R) {
        let o = $o;
        if (o.is_some()) {
            $f(o.borrow());
        }
    }

    public macro fun do_mut<$T, $R: drop>($o: &mut Option<$T>, $f: |&mut $T| -> $R) {
        let o = $o;
        if (o.is_some()) {
            $f(o.borrow_mut());
        }
    }

    /// \`$o\` when it holds a value, else \`$default\` (evaluated only then).
    public macro fun or<$T>($o: Option<$T>, $default: Option<$T>): Option<$T> {
        let o = $o;
        if (o.is_some()) o
        else {
            o.destroy_none();
            $default
        }
    }

    public macro fun and<$T, $U>($o: Option<$T>, $f: |$T| -> Option<$U>): Option<$U> {
        let o = $o;
        if (o.is_some()) $f(o.destroy_some())
        else {
            o.destroy_none();
            std::option::none()
        }
    }

    public macro fun and_ref<$T, $U>($o: &Option<$T>, $f: |&$T| -> Option<$U>): Option<$U> {
        let o = $o;
        if (o.is_some()) $f(o.borrow()) else std::option::none()
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

    public macro fun map_mut<$T, $U>($o: &mut Option<$T>, $f: |&mut $T| -> $U): Option<$U> {
        let o = $o;
        if (o.is_some()) std::option::some($f(o.borrow_mut())) else std::option::none()
    }

    public macro fun filter<$T: drop>($o: Option<$T>, $f: |&$T| -> bool): Option<$T> {
        let o = $o;
        if (o.is_some() && $f(o.borrow())) o else std::option::none()
    }

    public macro fun is_some_and<$T>($o: &Option<$T>, $f: |&$T| -> bool): bool {
        let o = $o;
        o.is_some() && $f(o.borrow())
    }

    public macro fun is_none_or<$T>($o: &Option<$T>, $f: |&$T| -> bool): bool {
        let o = $o;
        o.is_none() || $f(o.borrow())
    }

    /// \`$some(value)\` when \`$o\` holds a value, else \`$none\` (evaluated only then).
    public macro fun fold<$T, $R>($o: Option<$T>, $none: $R, $some: |$T| -> $R): $R {
        let o = $o;
        if (o.is_some()) $some(o.destroy_some())
        else {
            o.destroy_none();
            $none
        }
    }

    public macro fun fold_ref<$T, $R>($o: &Option<$T>, $none: $R, $some: |&$T| -> $R): $R {
        let o = $o;
        if (o.is_some()) $some(o.borrow()) else $none
    }

    public macro fun fold_mut<$T, $R>($o: &mut Option<$T>, $none: $R, $some: |&mut $T| -> $R): $R {
        let o = $o;
        if (o.is_some()) $some(o.borrow_mut()) else $none
    }

    public macro fun extract_or<$T>($o: &mut Option<$T>, $default: $T): $T {
        let o = $o;
        if (o.is_some()) o.extract() else $default
    }

    public macro fun destroy_or<$T>($o: Option<$T>, $default: $T): $T {
        let o = $o;
        if (o.is_some()) o.destroy_some()
        else {
            o.destroy_none();
            $default
        }
    }
`;

export const OPTION_MACROS: MacroGroup = {
  module: '0x1::option',
  calls: [
    'is_some',
    'is_none',
    'borrow',
    'borrow_mut',
    'extract',
    'destroy_some',
    'destroy_none',
    'some',
    'none',
  ].map((name) => `option::${name}`),
  source: OPTION,
};
