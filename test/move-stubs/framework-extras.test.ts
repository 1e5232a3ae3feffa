// What the framework's stubs add to its bytecode, used as a helper would use it: macros, `x[i]` index
// syntax, `public use fun` method aliases, methods on primitive types, vector natives compiled to
// instructions. A helper package using all of them is compiled by Sui's compiler against the stubs, then
// run in smi-bench's VM against the real framework: every check is an `assert!` in the helper, so a
// macro that compiles but computes the wrong thing fails the call.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moduleSelfName } from '../../src/move/interface.js';
import type { ModuleJson } from '../../src/move/module-json.js';
import { serializeModule } from '../../src/move/module-json.js';
import { buildDependencies } from '../../src/sui-compiler/dependencies.js';
import { MoveVm } from '../../src/vm/index.js';
import { readFramework } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR } from '../support/paths.js';
import { buildAgainstStubs, removeTemporaryDirs, useFreshSmiHome } from './stub-build.js';

const VECTOR_CHECKS = `
module helper::vector_checks {
    public fun instructions(): u64 {
        let mut v = vector[1u64, 2];
        v.push_back(3);
        *&mut v[0] = 7;
        v.swap(0, 1);
        let last = v.pop_back();
        v.length() + v[0] + last
    }

    public fun macros() {
        let v = vector::tabulate!(5, |i| i * 2);
        assert!(v == vector[0, 2, 4, 6, 8]);
        let mut seen = vector[];
        v.do_ref!(|x| seen.push_back(*x));
        assert!(seen == v);
        let mut plus_one = v;
        plus_one.do_mut!(|x| *x = *x + 1);
        assert!(plus_one == vector[1, 3, 5, 7, 9]);
        let mut forward = vector[];
        v.do!(|x| forward.push_back(x));
        assert!(forward == v);
        let mut backward = vector[];
        v.destroy!(|x| backward.push_back(x));
        assert!(backward == vector[8, 6, 4, 2, 0]);
        v.do_ref!(|x| *x);
        assert!(v.map!(|x| x + 1) == plus_one);
        assert!(v.map_ref!(|x| *x / 2) == vector[0, 1, 2, 3, 4]);
        assert!(v.filter!(|x| *x > 3) == vector[4, 6, 8]);
        let (small, big) = v.partition!(|x| *x < 4);
        assert!(small == vector[0, 2] && big == vector[4, 6, 8]);
        assert!(v.find_index!(|x| *x == 6) == option::some(3));
        assert!(v.find_index!(|x| *x == 7) == option::none());
        assert!(v.find_indices!(|x| *x % 4 == 0) == vector[0, 2, 4]);
        assert!(v.count!(|x| *x >= 4) == 3);
        assert!(v.fold!(100, |acc, x| acc - x) == 80);
        assert!(v.any!(|x| *x == 8) && !v.any!(|x| *x == 1));
        assert!(v.all!(|x| *x % 2 == 0) && !v.all!(|x| *x < 8));
        assert!(v.take_while!(|x| *x < 5) == vector[0, 2, 4]);
        assert!(v.skip_while!(|x| *x < 5) == vector[6, 8]);
    }

    public fun zip_macros() {
        let mut sums = vector[];
        vector[1u64, 2].zip_do!(vector[10u64, 20], |a, b| sums.push_back(a + b));
        vector[1u64, 2].zip_do_reverse!(vector[10u64, 20], |a, b| sums.push_back(a + b));
        assert!(sums == vector[11, 22, 22, 11]);
        let left = vector[1u64, 2];
        let right = vector[3u64, 4];
        let mut products = vector[];
        left.zip_do_ref!(&right, |a, b| products.push_back(*a * *b));
        assert!(products == vector[3, 8]);
        let mut l = left;
        let mut r = right;
        l.zip_do_mut!(&mut r, |a, b| { *a = *a + *b; *b = 0 });
        assert!(l == vector[4, 6] && r == vector[0, 0]);
        assert!(left.zip_map!(right, |a, b| a + b) == vector[4, 6]);
        assert!(left.zip_map_ref!(&right, |a, b| *b - *a) == vector[2, 2]);
    }

    /// Sorted by tens only, so equal keys show whether the sort kept their order.
    public fun sort_macros() {
        let unsorted = vector[31u64, 12, 35, 11, 20, 5, 39, 14];
        let sorted = vector[5u64, 12, 11, 14, 20, 31, 35, 39];
        let mut a = unsorted;
        a.insertion_sort_by!(|x, y| *x / 10 <= *y / 10);
        assert!(a == sorted);
        let mut b = unsorted;
        b.merge_sort_by!(|x, y| *x / 10 <= *y / 10);
        assert!(b == sorted);
        assert!(b.is_sorted_by!(|x, y| *x / 10 <= *y / 10));
        assert!(!unsorted.is_sorted_by!(|x, y| *x <= *y));
        assert!(vector<u64>[].is_sorted_by!(|x, y| *x <= *y));
    }
}
`;

const OPTION_AND_INTEGER_CHECKS = `
module helper::option_checks {
    public fun option_macros() {
        let some = option::some(4u64);
        let none = option::none<u64>();
        assert!(some.map!(|x| x + 1) == option::some(5) && none.map!(|x| x + 1) == none);
        assert!(some.map_ref!(|x| *x * 2) == option::some(8));
        let mut changed = some;
        assert!(changed.map_mut!(|x| { *x = 7; *x }) == option::some(7) && changed == option::some(7));
        assert!(some.filter!(|x| *x > 3) == some && some.filter!(|x| *x > 4) == none);
        assert!(some.is_some_and!(|x| *x == 4) && !none.is_some_and!(|x| *x == 4));
        assert!(none.is_none_or!(|x| *x == 0) && !some.is_none_or!(|x| *x == 0));
        assert!(some.fold!(0, |x| x + 1) == 5 && none.fold!(0, |x| x + 1) == 0);
        assert!(some.fold_ref!(0, |x| *x) == 4);
        let mut bumped = some;
        assert!(bumped.fold_mut!(0, |x| { *x = *x + 1; *x }) == 5);
        assert!(some.destroy_or!(9) == 4 && none.destroy_or!(9) == 9);
        let mut taken = some;
        assert!(taken.extract_or!(9) == 4 && taken.is_none());
        assert!(none.or!(some) == some && some.or!(option::some(1)) == some);
        assert!(some.and!(|x| option::some(x * 3)) == option::some(12));
        assert!(some.and_ref!(|x| if (*x > 10) option::some(*x) else option::none<u64>()) == none);
        let mut total = 0;
        some.do!(|x| total = total + x);
        none.do!(|x| total = total + x);
        some.destroy!(|x| total = total + x);
        some.do_ref!(|x| total = total + *x);
        let mut cleared = some;
        cleared.do_mut!(|x| *x = 1);
        assert!(total == 12 && cleared == option::some(1));
    }

    public fun integer_macros() {
        assert!(std::u8::max_value!() == 255);
        assert!(std::u64::max_value!() == 18446744073709551615);
        let mut sum = 0u64;
        5u64.do!(|i| sum = sum + i);
        5u64.do_eq!(|i| sum = sum + i);
        std::u64::range_do!(2, 5, |i| sum = sum + i);
        std::u64::range_do_eq!(2, 5, |i| sum = sum + i);
        assert!(sum == 48);
        let mut count = 0u64;
        std::u8::range_do_eq!(250, 255, |_| count = count + 1);
        255u8.do_eq!(|_| count = count + 1);
        std::u8::range_do_eq!(3, 2, |_| count = count + 1);
        assert!(count == 262);
    }
}
`;

const SUI_CHECKS = `
module helper::sui_checks {
    use sui::bcs;
    use sui::dynamic_field;
    use sui::dynamic_object_field;
    use sui::table;
    use sui::vec_map;

    public struct Thing has key, store {
        id: UID,
        n: u64,
    }

    public fun index_syntax(ctx: &mut TxContext) {
        let mut t = table::new<u64, u64>(ctx);
        t.add(1, 10);
        *&mut t[1] = t[1] + 1;
        assert!(t[1] == 11);
        t.drop();
        let mut m = vec_map::empty<u64, u64>();
        m.insert(3, 30);
        *&mut m[&3] = 31;
        assert!(m[&3] == 31);
    }

    public fun method_aliases(ctx: &mut TxContext) {
        let text = b"hi".to_string();
        assert!(text.length() == 2 && b"hi".try_to_string().is_some());
        assert!(b"hi".to_ascii_string().to_string() == text && b"hi".try_to_ascii_string().is_some());
        let uid = object::new(ctx);
        assert!(uid.to_address().to_id() == uid.to_inner() && uid.as_inner().to_address() == uid.to_address());
        uid.delete();
        sui::balance::zero<sui::sui::SUI>().into_coin(ctx).destroy_zero();
    }

    public fun bcs_macros() {
        let mut numbers = bcs::new(bcs::to_bytes(&vector[1u64, 2]));
        assert!(numbers.peel_vec!(|b| b.peel_u64()) == vector[1, 2]);
        let mut maybe = bcs::new(bcs::to_bytes(&option::some(7u8)));
        assert!(maybe.peel_option!(|b| b.peel_u8()) == option::some(7));
    }

    public fun field_macros(ctx: &mut TxContext) {
        let mut holder = object::new(ctx);
        assert!(*dynamic_field::borrow_or_add!(&mut holder, b"k", 5u64) == 5);
        *dynamic_field::borrow_mut_or_add!(&mut holder, b"k", 9u64) = 6;
        let mut seen = 0;
        dynamic_field::get_do!(&holder, b"k", |x: &u64| seen = *x);
        dynamic_field::get_mut_do!(&mut holder, b"k", |x: &mut u64| *x = *x + seen);
        assert!(dynamic_field::get_fold!(&holder, b"k", 0, |x: &u64| *x) == 12);
        assert!(dynamic_field::get_mut_fold!(&mut holder, b"none", 1, |x: &mut u64| *x) == 1);
        let _: u64 = dynamic_field::remove(&mut holder, b"k");
        let made = dynamic_object_field::borrow_or_add!(&mut holder, b"t", Thing { id: object::new(ctx), n: 3 });
        assert!(made.n == 3);
        dynamic_object_field::get_mut_do!(&mut holder, b"t", |t: &mut Thing| t.n = 4);
        assert!(dynamic_object_field::get_fold!(&holder, b"t", 0, |t: &Thing| t.n) == 4);
        let Thing { id, n: _ } = dynamic_object_field::remove(&mut holder, b"t");
        id.delete();
        holder.delete();
    }

    public fun party_macro(ctx: &mut TxContext) {
        let thing = Thing { id: object::new(ctx), n: 1 };
        sui::party::single_owner(ctx.sender()).public_transfer!(thing);
    }
}
`;

const CHECKS: [module: string, fn: string][] = [
  ['vector_checks', 'macros'],
  ['vector_checks', 'zip_macros'],
  ['vector_checks', 'sort_macros'],
  ['option_checks', 'option_macros'],
  ['option_checks', 'integer_macros'],
  ['sui_checks', 'index_syntax'],
  ['sui_checks', 'method_aliases'],
  ['sui_checks', 'bcs_macros'],
  ['sui_checks', 'field_macros'],
  ['sui_checks', 'party_macro'],
];

describe('the framework stubs give a helper what the framework source gives it', () => {
  let modules: ModuleJson[];
  let vm: MoveVm;
  beforeAll(async () => {
    useFreshSmiHome();
    const sources = {
      'sources/vector_checks.move': VECTOR_CHECKS,
      'sources/option_checks.move': OPTION_AND_INTEGER_CHECKS,
      'sources/sui_checks.move': SUI_CHECKS,
    };
    ({ modules } = await buildAgainstStubs(
      'helper',
      sources,
      await buildDependencies({ corpusRoot: CORPUS_DIR }),
    ));
    const helper = {
      id: '0x0',
      modules: modules.map((m) => ({ bytes: serializeModule(m), label: moduleSelfName(m) })),
    };
    vm = new MoveVm([...(await readFramework({ corpusRoot: CORPUS_DIR })), helper]);
  });
  afterAll(() => removeTemporaryDirs());

  test("std::vector's instruction natives compile to instructions, not calls", () => {
    const module = modules.find((m) => moduleSelfName(m) === 'vector_checks')!;
    const called = module.function_handles.map((h) => module.identifiers[h.name]);
    expect(called).not.toEqual(expect.arrayContaining(['length']));
    const code = JSON.stringify(
      module.function_defs.map((def) => def.code?.code),
      (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
    );
    for (const instruction of [
      'VecLen',
      'VecImmBorrow',
      'VecMutBorrow',
      'VecPushBack',
      'VecPopBack',
      'VecSwap',
    ])
      expect(code).toContain(instruction);
    const result = vm.callFunction({ package: '0x0', module: 'vector_checks', function: 'instructions' });
    expect(result.success && Buffer.from(result.returnValues[0]!).readBigUInt64LE()).toBe(2n + 2n + 3n);
  });

  test.each(CHECKS)('%s::%s runs to the end in the VM', (module, fn) => {
    const result = vm.callFunction({ package: '0x0', module, function: fn, tx: { sender: '0xa11ce' } });
    expect(result.success ? 'ok' : result.error).toBe('ok');
  });
});
