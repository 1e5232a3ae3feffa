// Loading: framework versions, upgraded packages (storage id ≠ module address), bad bytes.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserializeModule, serializeModule } from '../../src/move/module-json.js';
import { MoveVm, VmLoadError } from '../../src/vm/index.js';
import { readFrameworkOnce, readPackageDir } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR } from '../support/paths.js';
import { FIXTURE_ADDRESS, writeOpcodePackage } from './support/opcode-fixture.js';
import { callOk, frameworkVm, hex, u64 } from './support/vm.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

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
    const vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [upgradedDir] });
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
    const vm = await loadMoveVm({ frameworkDir: CORPUS_DIR });
    expect(vm.loader.hasAddress('0'.repeat(63) + '3')).toBe(true);
  });
});

describe('loader with verification', () => {
  it('is off by default, and with verify on refuses a module our verifier rejects', async () => {
    const framework = await readFrameworkOnce({ corpusRoot: CORPUS_DIR });
    const fixture = await readPackageDir(upgradedDir);
    const [ops] = fixture.modules;
    if (!ops) throw new Error('fixture package without module');
    // A struct declared without fields: Sui's verifier refuses it (ZERO_SIZED_STRUCT).
    const broken = deserializeModule(ops.bytes, ops.label);
    broken.identifiers.push('Empty');
    broken.datatype_handles.push({
      module: broken.self_module_handle_idx,
      name: broken.identifiers.length - 1,
      abilities: 0,
      type_parameters: [],
    });
    broken.struct_defs.push({
      struct_handle: broken.datatype_handles.length - 1,
      field_information: { Declared: [] },
    });
    const brokenPackage = { id: fixture.id, modules: [{ bytes: serializeModule(broken), label: ops.label }] };

    expect(() => new MoveVm([...framework, fixture], undefined, { verify: true })).not.toThrow();
    expect(() => new MoveVm([...framework, brokenPackage])).not.toThrow();
    expect(() => new MoveVm([...framework, brokenPackage], undefined, { verify: true })).toThrow(
      /ZERO_SIZED_STRUCT/,
    );
  });

  it('is an option of loadMoveVm', async () => {
    const vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [upgradedDir], verify: true });
    expect(vm.loader.module(FIXTURE_ADDRESS.slice(2), 'ops')).toBeDefined();
  });
});
