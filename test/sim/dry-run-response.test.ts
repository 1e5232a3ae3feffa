// Abort and created-type parsing against the upstream vectors (spec/harness.md §29.7).
import { describe, expect, test } from 'vitest';
import {
  classifyExecution,
  createdObjectTypes,
  isInsufficientGas,
  parseAbortCode,
  parseAbortLocation,
} from '../../src/sim/dry-run-response.js';

const ADDR_2 = '0'.repeat(63) + '2';
const FULL_2 = '0x' + ADDR_2;

describe('abort code and location (§29.7)', () => {
  test.each([
    ['MoveAbort { location: 0x2::coin::withdraw, code: 123 }', '123', '0x2::coin::withdraw'],
    ['Abort code 77 at 0xabc::m::f', '77', '0xabc::m::f'],
    ['InsufficientGas', null, null],
    ['MoveAbort(something, 5)', '5', null],
    ['abort happened with code=9', '9', null],
  ])('%s', (error, code, location) => {
    expect(parseAbortCode(error)).toBe(code);
    expect(parseAbortLocation(error)).toBe(location);
  });

  test("the node's own MoveAbort rendering is read exactly (upstream took 2 from the address, no location)", () => {
    const error =
      `MoveAbort(MoveLocation { module: ModuleId { address: ${ADDR_2}, name: Identifier("balance") }, ` +
      `function: 2, instruction: 10, function_name: Some("split") }, 2) in command 0`;
    // The code here happens to be 2 as well; a different one shows which number is read.
    expect(parseAbortCode(error)).toBe('2');
    expect(parseAbortCode(error.replace('}, 2) in', '}, 17) in'))).toBe('17');
    expect(parseAbortLocation(error)).toBe('0x2::balance::split');
  });

  test('u64 codes above 2^53 keep every digit', () => {
    expect(parseAbortCode('MoveAbort { location: 0x2::m::f, code: 18446744073709551615 }')).toBe(
      '18446744073709551615',
    );
  });
});

describe('classifyExecution (§15, vectors §29.7)', () => {
  test('the error text may come from executionErrorSource', () => {
    const verdict = classifyExecution({
      effects: { status: { status: 'failure' } },
      executionErrorSource: 'MoveAbort in 0x1::a::b code 4',
    });
    expect(verdict).toEqual({
      execOk: false,
      failure: {
        status: 'failure',
        effectsError: 'MoveAbort in 0x1::a::b code 4',
        abortCode: '4',
        abortLocation: '0x1::a::b',
      },
    });
  });

  test('a status that is not an object', () => {
    expect(classifyExecution({ effects: { status: 'x' } }).failure?.effectsError).toBe(
      'missing effects.status',
    );
  });

  test('success ignores a stray error', () => {
    expect(classifyExecution({ effects: { status: { status: 'success', error: 'x' } } })).toEqual({
      execOk: true,
      failure: null,
    });
  });

  test('no effects at all, or not even an object', () => {
    for (const response of [{}, null, 'text', []]) {
      expect(classifyExecution(response).failure?.effectsError).toBe('missing effects');
    }
  });

  test("dev-inspect's top-level error is used when the status has none", () => {
    const verdict = classifyExecution({
      effects: { status: { status: 'failure' } },
      error: 'InsufficientGas',
    });
    expect(verdict.failure?.effectsError).toBe('InsufficientGas');
    expect(isInsufficientGas(verdict.failure)).toBe(true);
  });
});

describe('createdObjectTypes', () => {
  test('only created entries, with addresses written out and duplicates merged', () => {
    const response = {
      objectChanges: [
        { type: 'created', objectType: '0x2::kiosk::Kiosk', objectId: '0x1' },
        { type: 'mutated', objectType: '0x2::coin::Coin<0x2::sui::SUI>', objectId: '0x2' },
        { type: 'created', objectType: '0x2::coin::Coin<0x2::sui::SUI>', objectId: '0x3' },
        { type: 'created', objectType: '0x2::kiosk::Kiosk', objectId: '0x4' },
        { type: 'created', objectType: '', objectId: '0x5' },
        { type: 'published', packageId: '0x6' },
        'junk',
      ],
    };
    expect(createdObjectTypes(response)).toEqual([
      `${FULL_2}::coin::Coin<${FULL_2}::sui::SUI>`,
      `${FULL_2}::kiosk::Kiosk`,
    ]);
  });

  test('never throws on other shapes', () => {
    for (const response of [null, 1, { objectChanges: 'x' }, { objectChanges: [null, 1] }]) {
      expect(createdObjectTypes(response)).toEqual([]);
    }
  });
});
