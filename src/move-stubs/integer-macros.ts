// The public macros of std's unsigned integer modules (u8 … u256), written for the stubs from their
// documented behaviour; the same five in each module, for its own type.
import type { MacroGroup } from './macro-group.js';

const WIDTHS = [8, 16, 32, 64, 128, 256];

/** `max_value!`, `do!`, `do_eq!`, `range_do!`, `range_do_eq!` of the module of `u<bits>`. */
function integerMacros(bits: number): string {
  const name = `u${bits}`;
  const max = `0x${'f'.repeat(bits / 4)}`;
  return `
    public macro fun max_value(): ${name} {
        ${max}
    }

    /// \`$f($start)\`, ..., \`$f($stop - 1)\`.
    public macro fun range_do<$R: drop>($start: ${name}, $stop: ${name}, $f: |${name}| -> $R) {
        let mut i = $start;
        let stop = $stop;
        while (i < stop) {
            $f(i);
            i = i + 1;
        };
    }

    /// \`$f($start)\`, ..., \`$f($stop)\`; never increments past \`$stop\`, which may be the maximum.
    public macro fun range_do_eq<$R: drop>($start: ${name}, $stop: ${name}, $f: |${name}| -> $R) {
        let mut i = $start;
        let stop = $stop;
        if (i <= stop) loop {
            $f(i);
            if (i == stop) break;
            i = i + 1;
        };
    }

    public macro fun do<$R: drop>($stop: ${name}, $f: |${name}| -> $R) {
        let stop = $stop;
        let mut i = 0;
        while (i < stop) {
            $f(i);
            i = i + 1;
        };
    }

    public macro fun do_eq<$R: drop>($stop: ${name}, $f: |${name}| -> $R) {
        let stop = $stop;
        let mut i = 0;
        loop {
            $f(i);
            if (i == stop) break;
            i = i + 1;
        };
    }
`;
}

export const INTEGER_MACROS: readonly MacroGroup[] = WIDTHS.map((bits) => ({
  module: `0x1::u${bits}`,
  calls: [],
  source: integerMacros(bits),
}));
