// Loading: framework versions, upgraded packages (storage id ≠ module address), bad bytes.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveVm, VmLoadError } from '../../src/vm/index.js';
import { CORPUS_DIR } from '../support/paths.js';
import { FIXTURE_ADDRESS, writeOpcodePackage } from './support/opcode-fixture.js';
import { callOk, frameworkVm, hex, u64 } from './support/vm.js';

const STORAGE_ID = '0x' + 'be'.repeat(32);
let upgradedDir: string;

beforeAll(() => {
  upgradedDir = writeOpcodePackage(STORAGE_ID);
});

afterAll(() => {
  rmSync(upgradedDir, { recursive: true, force: true });
});

describe('loader', () => {
  it('loads the v6 and v7 modules of the framework', async () => {
    const vm = await frameworkVm();
    const versions = new Set(vm.loader.allModules().map((m) => m.json.version));
    expect([...versions].sort()).toEqual([6, 7]);
    expect(vm.loader.module('0'.repeat(63) + '2', 'coin_registry')?.json.version).toBe(7);
  });

  it('calls an upgraded package by its storage id or by the address its modules carry', async () => {
    const vm = await MoveVm.load({ corpusRoot: CORPUS_DIR, packages: [upgradedDir] });
    expect(vm.moduleAddress(STORAGE_ID)).toBe(FIXTURE_ADDRESS.slice(2));
    for (const id of [STORAGE_ID, FIXTURE_ADDRESS]) {
      const { values } = callOk(vm, {
        package: id,
        module: 'ops',
        function: 'scale',
        args: [u64(3), u64(4)],
      });
      expect(values).toEqual([hex(u64(12))]);
    }
  });

  it('rejects bytes that are not a module, naming where they came from', () => {
    expect(
      () => new MoveVm([{ id: '0x5', modules: [{ bytes: Uint8Array.of(1, 2, 3), label: 'broken.mv' }] }]),
    ).toThrow(VmLoadError);
    expect(
      () => new MoveVm([{ id: '0x5', modules: [{ bytes: Uint8Array.of(1, 2, 3), label: 'broken.mv' }] }]),
    ).toThrow(/broken\.mv/);
  });

  it('reads an explicit framework directory of package directories', async () => {
    const vm = await MoveVm.load({ frameworkDir: CORPUS_DIR });
    expect(vm.loader.hasAddress('0'.repeat(63) + '3')).toBe(true);
  });
});
