// Sui's publish-time rules (sui-execution/latest/sui-verifier): expected outcomes follow the rules as
// written in entry_points_verifier.rs (init private, not entry; from protocol 108 entry signatures are not
// checked), one_time_witness_verifier.rs (a witness candidate has only drop and is never packed,
// with or without init) and struct_with_key_verifier.rs.
import { describe, expect, it } from 'vitest';
import type { Bytecode, ModuleJson, SignatureToken } from '../../src/move/module-json.js';
import { verifyModule } from '../../src/bytecode-verifier/index.js';
import { COPY, DROP, KEY } from '../../src/bytecode-verifier/abilities.js';
import { cloneModule, functionIndex, loadCorpus, lookupIn } from './verifier-support.js';

const corpus = loadCorpus();
const lookup = lookupIn(corpus.values());
const userPackage = [...corpus.entries()].find(([id]) => id.startsWith('0x358e'))?.[1] ?? [];
const framework = corpus.get(`0x${'0'.repeat(63)}2`) ?? [];

function wrapperCoin(): ModuleJson {
  const found = userPackage.find((m) => m.file === 'wrapper_coin.mv');
  if (!found) throw new Error('wrapper_coin missing from the corpus');
  return cloneModule(found.module);
}

function stdlibString(): ModuleJson {
  const found = corpus.get(`0x${'0'.repeat(63)}1`)?.find((m) => m.file === 'string.mv');
  if (!found) throw new Error('string missing from the corpus');
  return cloneModule(found.module);
}

/** Declares `STRING { dummy_field: bool }`, the shape of a one-time witness of module `string`. */
function addWitness(module: ModuleJson, abilities: number): number {
  module.identifiers.push('STRING', 'dummy_field');
  module.datatype_handles.push({
    module: module.self_module_handle_idx,
    name: module.identifiers.length - 2,
    abilities,
    type_parameters: [],
  });
  const name = module.identifiers.length - 1;
  const handle = module.datatype_handles.length - 1;
  module.struct_defs.push({
    struct_handle: handle,
    field_information: { Declared: [{ name, signature: 'Bool' }] },
  });
  return module.struct_defs.length - 1;
}

function signatureIndex(module: ModuleJson, tokens: SignatureToken[]): number {
  const index = module.signatures.findIndex((s) => JSON.stringify(s) === JSON.stringify(tokens));
  if (index >= 0) return index;
  module.signatures.push(tokens);
  return module.signatures.length - 1;
}

/**
 * coin.mv with `public fun rewrap<T>(c: Coin<T>, ctx: &mut TxContext): Coin<T>` added, its body made
 * by `body` from the indices it needs; returns the module and the new function's definition index.
 */
function coinWithRewrap(
  body: (ix: { coin: number; newUid: number; deleteUid: number }) => {
    locals: SignatureToken[];
    code: Bytecode[];
  },
): { module: ModuleJson; index: number } {
  const found = framework.find((m) => m.file === 'coin.mv');
  if (!found) throw new Error('coin missing');
  const module = cloneModule(found.module);
  const name = (i: number | undefined) => module.identifiers[i ?? -1];
  const handleNamed = (n: string) => module.datatype_handles.findIndex((h) => name(h.name) === n);
  const coinDef = module.struct_defs.findIndex((d) => d.struct_handle === handleNamed('Coin'));
  const coin = module.struct_def_instantiations.findIndex(
    (i) =>
      i.def === coinDef && JSON.stringify(module.signatures[i.type_parameters]) === '[{"TypeParameter":0}]',
  );
  const objectFunction = (n: string) =>
    module.function_handles.findIndex(
      (h) => name(h.name) === n && name(module.module_handles[h.module]?.name) === 'object',
    );
  const coinT: SignatureToken = { DatatypeInstantiation: [handleNamed('Coin'), [{ TypeParameter: 0 }]] };
  const { locals, code } = body({ coin, newUid: objectFunction('new'), deleteUid: objectFunction('delete') });
  module.identifiers.push('rewrap');
  module.function_handles.push({
    module: module.self_module_handle_idx,
    name: module.identifiers.length - 1,
    parameters: signatureIndex(module, [coinT, { MutableReference: { Datatype: handleNamed('TxContext') } }]),
    return_: signatureIndex(module, [coinT]),
    type_parameters: [0],
  });
  module.function_defs.push({
    function: module.function_handles.length - 1,
    visibility: 'Public',
    is_entry: false,
    acquires_global_resources: [],
    code: { locals: signatureIndex(module, locals), code, jump_tables: [] },
  });
  return { module, index: module.function_defs.length - 1 };
}

/** Coin's fields: `id: UID` and `balance: Balance<T>`. */
function coinFieldTypes(): SignatureToken[] {
  const found = framework.find((m) => m.file === 'coin.mv')?.module;
  const def = found?.struct_defs.find(
    (d) => found.identifiers[found.datatype_handles[d.struct_handle]?.name ?? -1] === 'Coin',
  );
  if (!def || def.field_information === 'Native') throw new Error('Coin missing');
  return def.field_information.Declared.map((f) => f.signature);
}

function statuses(module: ModuleJson): string[] {
  return verifyModule(module, lookup).map((e) => e.status);
}

describe('Sui rules', () => {
  it('accepts the user package as published', () => {
    expect(statuses(wrapperCoin())).toEqual([]);
  });

  it("rejects an 'init' that is public or entry", () => {
    const publicInit = wrapperCoin();
    const def = publicInit.function_defs[functionIndex(publicInit, 'init')];
    if (def) def.visibility = 'Public';
    expect(statuses(publicInit)).toEqual(['SUI_INIT_FUNCTION']);
    const entryInit = wrapperCoin();
    const entryDef = entryInit.function_defs[functionIndex(entryInit, 'init')];
    if (entryDef) entryDef.is_entry = true;
    expect(statuses(entryInit)).toEqual(['SUI_INIT_FUNCTION']);
  });

  it('rejects a one-time witness with more than drop', () => {
    const module = wrapperCoin();
    const handle = module.datatype_handles.find((h) => module.identifiers[h.name] === 'WRAPPER_COIN');
    if (handle) handle.abilities |= 1; // copy
    expect(statuses(module)).toContain('SUI_ONE_TIME_WITNESS');
  });

  it('rejects a one-time witness candidate packed by code, even in a module without init', () => {
    const module = stdlibString();
    const witness = addWitness(module, DROP);
    expect(statuses(module)).toEqual([]);
    const def = module.function_defs[functionIndex(module, 'as_bytes')];
    def?.code?.code.unshift('LdFalse', { Pack: witness }, 'Pop');
    expect(statuses(module)).toEqual(['SUI_ONE_TIME_WITNESS']);
  });

  it('rejects a one-time witness candidate with more than drop, even in a module without init', () => {
    const module = stdlibString();
    addWitness(module, DROP | COPY);
    expect(statuses(module)).toEqual(['SUI_ONE_TIME_WITNESS']);
  });

  it('accepts an entry function returning a reference or a value without drop (protocol 108 on)', () => {
    const objectModule = framework.find((m) => m.file === 'coin.mv');
    if (!objectModule) throw new Error('coin missing');
    const module = cloneModule(objectModule.module);
    // coin::balance returns &Balance<T>; coin::into_balance returns Balance<T> (no drop).
    for (const name of ['balance', 'into_balance']) {
      const def = module.function_defs[functionIndex(module, name)];
      if (def) def.is_entry = true;
    }
    expect(statuses(module)).toEqual([]);
  });

  it('rejects a key struct whose first field is not id: UID', () => {
    const coin = framework.find((m) => m.file === 'coin.mv');
    if (!coin) throw new Error('coin missing');
    const module = cloneModule(coin.module);
    const keyStruct = module.struct_defs.find(
      (d) => ((module.datatype_handles[d.struct_handle]?.abilities ?? 0) & KEY) !== 0,
    );
    const fields =
      keyStruct && keyStruct.field_information !== 'Native' ? keyStruct.field_information.Declared : [];
    const [first, second] = fields;
    if (!first || !second) throw new Error('expected a key struct with two fields');
    fields[0] = second;
    fields[1] = first;
    // Field order changes borrow offsets too, so only the Sui rule is asserted here.
    expect(statuses(module)).toContain('SUI_KEY_STRUCT');
  });

  it('rejects an imported function its dependency does not define, when the dependency is known', () => {
    const module = wrapperCoin();
    const imported = module.function_handles.find((h) => h.module !== module.self_module_handle_idx);
    if (!imported) throw new Error('wrapper_coin imports nothing');
    module.identifiers.push('no_such_function');
    imported.name = module.identifiers.length - 1;
    expect(statuses(module)).toContain('LOOKUP_FAILED');
    expect(verifyModule(module, () => undefined).map((e) => e.status)).not.toContain('LOOKUP_FAILED');
  });

  it('rejects an object packed again with the UID it was unpacked from', () => {
    const { module, index } = coinWithRewrap(({ coin }) => ({
      locals: [],
      code: [{ MoveLoc: 0 }, { UnpackGeneric: coin }, { PackGeneric: coin }, 'Ret'],
    }));
    expect(verifyModule(module, lookup)).toMatchObject([
      { status: 'SUI_ID_LEAK', functionIndex: index, offset: 2 },
    ]);
  });

  it('accepts an object packed with a UID fresh from object::new, kept in a local meanwhile', () => {
    const [uid, balance] = coinFieldTypes() as [SignatureToken, SignatureToken];
    const { module } = coinWithRewrap(({ coin, newUid, deleteUid }) => ({
      locals: [balance, uid],
      code: [
        { MoveLoc: 0 },
        { UnpackGeneric: coin },
        { StLoc: 2 },
        { Call: deleteUid },
        { MoveLoc: 1 },
        { Call: newUid },
        { StLoc: 3 },
        { MoveLoc: 3 },
        { MoveLoc: 2 },
        { PackGeneric: coin },
        'Ret',
      ],
    }));
    expect(statuses(module)).toEqual([]);
  });
});
