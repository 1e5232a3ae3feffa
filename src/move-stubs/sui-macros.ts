// The Sui framework's public macros a helper is likely to use, written for the stubs from their documented
// behaviour: BCS peeling of vectors and options, dynamic (object) fields that are read or added in one go,
// and party transfers.
import type { MacroGroup } from './macro-group.js';

const BCS = `
    /// A BCS vector: its length, then \`$peel\` once per element.
    public macro fun peel_vec<$T>($bcs: &mut BCS, $peel: |&mut BCS| -> $T): vector<$T> {
        let bcs = $bcs;
        let n = bcs.peel_vec_length();
        let mut out = vector[];
        let mut i = 0;
        while (i < n) {
            out.push_back($peel(bcs));
            i = i + 1;
        };
        out
    }

    /// A BCS option: a bool tag, then \`$peel\` when it is true.
    public macro fun peel_option<$T>($bcs: &mut BCS, $peel: |&mut BCS| -> $T): std::option::Option<$T> {
        let bcs = $bcs;
        if (bcs.peel_bool()) std::option::some($peel(bcs)) else std::option::none()
    }
`;

/**
 * The field macros of `dynamic_field` and `dynamic_object_field`, which differ only in what a value must
 * be. `$default` and `$none` are evaluated only when the field is absent; a field of another type aborts
 * in `borrow`, as the functions do.
 */
function fieldMacros(valueConstraint: string): string {
  const name = '$Name: copy + drop + store';
  const value = `$Value: ${valueConstraint}`;
  return `
    public macro fun borrow_or_add<${name}, ${value}>($object: &mut sui::object::UID, $name: $Name, $default: $Value): &$Value {
        let object = $object;
        let name = $name;
        if (!exists_(object, name)) add(object, name, $default);
        borrow(object, name)
    }

    public macro fun borrow_mut_or_add<${name}, ${value}>($object: &mut sui::object::UID, $name: $Name, $default: $Value): &mut $Value {
        let object = $object;
        let name = $name;
        if (!exists_(object, name)) add(object, name, $default);
        borrow_mut(object, name)
    }

    public macro fun get_do<${name}, ${value}, $R: drop>($object: &sui::object::UID, $name: $Name, $f: |&$Value| -> $R) {
        let object = $object;
        let name = $name;
        if (exists_(object, name)) {
            $f(borrow(object, name));
        }
    }

    public macro fun get_mut_do<${name}, ${value}, $R: drop>($object: &mut sui::object::UID, $name: $Name, $f: |&mut $Value| -> $R) {
        let object = $object;
        let name = $name;
        if (exists_(object, name)) {
            $f(borrow_mut(object, name));
        }
    }

    public macro fun get_fold<${name}, ${value}, $R>($object: &sui::object::UID, $name: $Name, $none: $R, $some: |&$Value| -> $R): $R {
        let object = $object;
        let name = $name;
        if (exists_(object, name)) $some(borrow(object, name)) else $none
    }

    public macro fun get_mut_fold<${name}, ${value}, $R>($object: &mut sui::object::UID, $name: $Name, $none: $R, $some: |&mut $Value| -> $R): $R {
        let object = $object;
        let name = $name;
        if (exists_(object, name)) $some(borrow_mut(object, name)) else $none
    }
`;
}

const PARTY = `
    /// \`sui::transfer::party_transfer\` with the party first, for method syntax.
    public macro fun transfer<$T: key>($self: Party, $obj: $T) {
        let party = $self;
        sui::transfer::party_transfer($obj, party)
    }

    /// \`sui::transfer::public_party_transfer\` with the party first, for method syntax.
    public macro fun public_transfer<$T: key + store>($self: Party, $obj: $T) {
        let party = $self;
        sui::transfer::public_party_transfer($obj, party)
    }
`;

const fieldCalls = (module: string) =>
  ['exists_', 'add', 'borrow', 'borrow_mut'].map((f) => `${module}::${f}`);

export const SUI_MACROS: readonly MacroGroup[] = [
  { module: '0x2::bcs', calls: ['bcs::peel_vec_length', 'bcs::peel_bool'], source: BCS },
  { module: '0x2::dynamic_field', calls: fieldCalls('dynamic_field'), source: fieldMacros('store') },
  {
    module: '0x2::dynamic_object_field',
    calls: fieldCalls('dynamic_object_field'),
    source: fieldMacros('key + store'),
  },
  {
    module: '0x2::party',
    calls: ['transfer::party_transfer', 'transfer::public_party_transfer'],
    source: PARTY,
  },
];
