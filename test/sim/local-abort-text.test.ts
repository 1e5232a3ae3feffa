// `--simulation-mode local` writes a Move abort as a node's dry-run does (Sui's debug form of
// `MoveAbort(MoveLocation { module, function, instruction, function_name }, code) in command N`), naming the
// function by its definition index and name and the instruction the abort ran at. The expected indices and
// offsets were read off the bytecode by hand (a listing of the module with @mysten/move-bytecode-template):
//
//   0x2 balance.mv (shared corpus, mainnet-v1.62.1): function_defs[7] is `split`;
//     0 CopyLoc 0, 1 ImmBorrowFieldGeneric, 2 ReadRef, 3 CopyLoc 1, 4 Ge, 5 BrFalse 7, 6 Branch 11,
//     7 MoveLoc 0, 8 Pop, 9 LdConst 2 (ENotEnough = 2), 10 Abort
//   0x77d9c8…2f3a (version 3 of original 0x1798f8…4884, ../shared/mainnet) utils.mv: constants [101u64,
//     u64::MAX]; function_defs[0] `mul_div(a, b, c)` calls function_defs[1] `u128_mul_div` and then
//     … 14 CopyLoc 6, 15 LdConst 1, 16 CastU128, 17 Le, 18 BrFalse 20, 19 Branch 22, 20 LdConst 0, 21 Abort
//     (the product does not fit a u64); `u128_mul_div` … 17 CopyLoc 2, 18 LdU128 0, 19 Gt, 20 BrFalse 22,
//     21 Branch 24, 22 LdConst 0, 23 Abort (division by zero).
// Sui names the module of an abort by the storage id of the package version that ran (the protocol's
// `resolve_abort_locations_to_package_id`), so the upgraded package's abort names 0x77d9c8…, not 0x1798f8….
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PtbCall } from '../../src/core/phase2/ptb-spec.js';
import { parseAbortCode, parseAbortLocation } from '../../src/sim/dry-run-response.js';
import { localExecutionFailure } from '../../src/sim/local-failure.js';
import { simulatePlan, type SimulationRequest } from '../../src/sim/index.js';
import { CORPUS_DIR, SHARED_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const FRAMEWORK_ID = '0x0000000000000000000000000000000000000000000000000000000000000002';
const UTILS_STORAGE = '77d9c893b7ac9aa102ed1435c50bc935283ea23682e715ee0796739330922f3a';
const UTILS_ORIGINAL = '1798f84ee72176114ddbf5525a6d964c5f8ea1b3738d08d50d0d3de4cf584884';
const U64_MAX = 18446744073709551615n;

const request = (packageDir: string, calls: PtbCall[]): SimulationRequest => ({
  mode: 'local',
  spec: { calls },
  sender: '0x' + 'ab'.repeat(32),
  gasBudget: 10_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir,
  requireDryRun: false,
});

let utilsDir: string;
beforeAll(() => {
  // the framework of the shared corpus and the mainnet package, copied into one corpus root
  const root = mkdtempSync(join(tmpdir(), 'smi-abort-text-'));
  cpSync(join(CORPUS_DIR, '0x00'), join(root, '0x00'), { recursive: true });
  const rest = UTILS_STORAGE.slice(2);
  utilsDir = join(root, '0x77', rest);
  cpSync(resolve(SHARED_DIR, 'mainnet', '0x77', rest), utilsDir, { recursive: true });
});

describe('local abort text', () => {
  it('names the framework function, its definition index and the instruction offset', async () => {
    const outcome = await simulatePlan(
      request(SHARED_PACKAGE_DIRS[FRAMEWORK_ID]!, [
        { target: '0x2::balance::zero', type_args: ['0x2::sui::SUI'], args: [] },
        { target: '0x2::balance::split', type_args: ['0x2::sui::SUI'], args: [{ result: 0 }, { u64: 5 }] },
      ]),
    );
    expect(outcome.execOk).toBe(false);
    expect(outcome.failure).toEqual({
      status: 'failure',
      effectsError:
        'MoveAbort(MoveLocation { module: ModuleId { address: ' +
        '0000000000000000000000000000000000000000000000000000000000000002, name: Identifier("balance") }, ' +
        'function: 7, instruction: 10, function_name: Some("split") }, 2) in command 1',
      abortCode: '2',
      abortLocation: '0x2::balance::split',
    });
  });

  it('names an upgraded package by the storage id that ran, and the innermost function that aborted', async () => {
    const target = `0x${UTILS_STORAGE}::utils::mul_div`;
    const divByZero = await simulatePlan(
      request(utilsDir, [{ target, type_args: [], args: [{ u64: 1 }, { u64: 1 }, { u64: 0 }] }]),
    );
    expect(divByZero.failure).toEqual({
      status: 'failure',
      effectsError:
        `MoveAbort(MoveLocation { module: ModuleId { address: ${UTILS_STORAGE}, name: Identifier("utils") }, ` +
        'function: 1, instruction: 23, function_name: Some("u128_mul_div") }, 101) in command 0',
      abortCode: '101',
      abortLocation: `0x${UTILS_STORAGE}::utils::u128_mul_div`,
    });

    const tooLarge = await simulatePlan(
      request(utilsDir, [
        {
          target,
          type_args: [],
          args: [{ u64: U64_MAX.toString() }, { u64: U64_MAX.toString() }, { u64: 1 }],
        },
      ]),
    );
    expect(tooLarge.failure?.effectsError).toBe(
      `MoveAbort(MoveLocation { module: ModuleId { address: ${UTILS_STORAGE}, name: Identifier("utils") }, ` +
        'function: 0, instruction: 21, function_name: Some("mul_div") }, 101) in command 0',
    );
    expect(tooLarge.failure?.effectsError).not.toContain(UTILS_ORIGINAL);
  });

  it('reads back through the dry-run parser as the same code and location', async () => {
    const outcome = await simulatePlan(
      request(utilsDir, [
        {
          target: `0x${UTILS_STORAGE}::utils::mul_div`,
          type_args: [],
          args: [{ u64: 1 }, { u64: 1 }, { u64: 0 }],
        },
      ]),
    );
    const text = outcome.failure!.effectsError!;
    expect(parseAbortCode(text)).toBe(outcome.failure!.abortCode);
    expect(parseAbortLocation(text)).toBe(outcome.failure!.abortLocation);
  });

  it("keeps smi-bench's wording for failures that are not aborts, and for an abort without a location", () => {
    const location = {
      address: `0x${UTILS_ORIGINAL}`,
      module: 'utils',
      function: 'u128_mul_div',
      functionIndex: 1,
      offset: 26,
    };
    const storage = () => UTILS_STORAGE;
    expect(
      localExecutionFailure(
        { command: 0, status: 'ARITHMETIC_ERROR', location, message: 'division by zero' },
        storage,
      ),
    ).toEqual({
      status: 'failure',
      effectsError: 'command 0: ARITHMETIC_ERROR: division by zero',
      abortCode: null,
      abortLocation: `0x${UTILS_ORIGINAL}::utils::u128_mul_div`,
    });
    expect(
      localExecutionFailure({ command: 2, status: 'ABORTED', code: 9n, message: 'abort' }, storage),
    ).toEqual({
      status: 'failure',
      effectsError: 'command 2: ABORTED 9: abort',
      abortCode: '9',
      abortLocation: null,
    });
  });
});
