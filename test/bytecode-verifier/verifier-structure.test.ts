// Module structure broken on purpose: bounds, signatures, field abilities, instantiation loops and
// linking. Each case's status is the real VM's: a module out of bounds never deserializes (the wheel
// drops it), so those are checked against move-binary-format's own deserializer (the one inside
// @mysten/move-bytecode-template); the others against the sui-sandbox wheel, which verifies and links
// a module when a call loads it. Linking cases mutate u8 or option: a relocated module with natives
// (string) fails to link its natives first.
import { describe, expect, it } from 'vitest';
import {
  deserializeModule,
  serializeModule,
  type ModuleJson,
  type SignatureToken,
} from '../../src/move/module-json.js';
import { verifyModule } from '../../src/bytecode-verifier/index.js';
import { COPY, DROP, KEY, STORE } from '../../src/bytecode-verifier/abilities.js';
import { functionIndex, loadCorpus, lookupIn } from './verifier-support.js';
import {
  CALL_MAX,
  CALL_NONE,
  CALL_UTF8,
  SKIP_WHEEL,
  stdlibModule,
  wheelStatuses,
  type WheelCall,
} from './verifier-wheel.js';

const lookup = lookupIn(loadCorpus().values());

interface Case {
  title: string;
  base: 'u8' | 'option' | 'string';
  mutate: (module: ModuleJson) => void;
  status: string;
}

const CALLS: Record<Case['base'], WheelCall> = { u8: CALL_MAX, option: CALL_NONE, string: CALL_UTF8 };

function build(c: Case): ModuleJson {
  const module = stdlibModule(c.base);
  c.mutate(module);
  return module;
}

function code(module: ModuleJson, fn: string) {
  const unit = module.function_defs[functionIndex(module, fn)]?.code;
  if (!unit) throw new Error(`${fn} has no code`);
  return unit;
}

/** The index of `signature` in the pool, added if missing (the pool may not repeat one). */
function signature(module: ModuleJson, tokens: SignatureToken[]): number {
  const key = JSON.stringify(tokens);
  const index = module.signatures.findIndex((s) => JSON.stringify(s) === key);
  if (index >= 0) return index;
  module.signatures.push(tokens);
  return module.signatures.length - 1;
}

function identifier(module: ModuleJson, name: string): number {
  const index = module.identifiers.indexOf(name);
  if (index >= 0) return index;
  module.identifiers.push(name);
  return module.identifiers.length - 1;
}

function declaredFields(module: ModuleJson, def: number) {
  const info = module.struct_defs[def]?.field_information;
  if (!info || info === 'Native') throw new Error(`struct ${def} has no declared fields`);
  return info.Declared;
}

/** Declares `Extra<T: constraints> has abilities { f: T }`; returns its datatype handle. */
function addGenericStruct(module: ModuleJson, constraints: number, abilities: number): number {
  module.datatype_handles.push({
    module: module.self_module_handle_idx,
    name: identifier(module, 'Extra'),
    abilities,
    type_parameters: [{ constraints, is_phantom: false }],
  });
  const handle = module.datatype_handles.length - 1;
  module.struct_defs.push({
    struct_handle: handle,
    field_information: { Declared: [{ name: identifier(module, 'f'), signature: { TypeParameter: 0 } }] },
  });
  return handle;
}

/** Imports a function of a module u8 already depends on (1: string). */
function importFunction(
  module: ModuleJson,
  name: string,
  params: SignatureToken[],
  returns: SignatureToken[],
  typeParams: number[] = [],
  owner = 1,
): void {
  module.function_handles.push({
    module: owner,
    name: identifier(module, name),
    parameters: signature(module, params),
    return_: signature(module, returns),
    type_parameters: typeParams,
  });
}

/** Makes u8 import `0x1::option::Option<T>`; returns its datatype handle. */
function importOption(module: ModuleJson): number {
  const stdlib = module.module_handles[1]?.address ?? 0;
  module.module_handles.push({ address: stdlib, name: identifier(module, 'option') });
  module.datatype_handles.push({
    module: module.module_handles.length - 1,
    name: identifier(module, 'Option'),
    abilities: COPY | DROP | STORE,
    type_parameters: [{ constraints: 0, is_phantom: false }],
  });
  return module.datatype_handles.length - 1;
}

/** u8 imports `option::destroy_with_default<T: drop>` with these constraints on T. */
function importDestroyWithDefault(module: ModuleJson, constraints: number): void {
  const option = importOption(module);
  const t: SignatureToken = { TypeParameter: 0 };
  importFunction(
    module,
    'destroy_with_default',
    [{ DatatypeInstantiation: [option, [t]] }, t],
    [t],
    [constraints],
    module.module_handles.length - 1,
  );
}

const OUT_OF_BOUNDS: Case[] = [
  {
    title: 'a constant index past the pool',
    base: 'u8',
    mutate: (m) => (code(m, 'max').code[0] = { LdConst: 99 }),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a branch past the code',
    base: 'u8',
    mutate: (m) => (code(m, 'max').code[7] = { BrFalse: 99 }),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a local past the locals',
    base: 'u8',
    mutate: (m) => (code(m, 'max').code[4] = { CopyLoc: 9 }),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a call of a missing function handle',
    base: 'u8',
    mutate: (m) => (code(m, 'to_string').code[7] = { Call: 99 }),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a datatype handle in a missing module handle',
    base: 'string',
    mutate: (m) => ((m.datatype_handles[1] as { module: number }).module = 9),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a function handle with a missing parameter signature',
    base: 'string',
    mutate: (m) => ((m.function_handles[3] as { parameters: number }).parameters = 99),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a function signature naming a type parameter the function lacks',
    base: 'option',
    mutate: (m) =>
      ((m.function_handles[1] as { parameters: number }).parameters = signature(m, [{ TypeParameter: 1 }])),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a field handle past its struct’s fields',
    base: 'string',
    mutate: (m) => ((m.field_handles[0] as { field: number }).field = 3),
    status: 'INDEX_OUT_OF_BOUNDS',
  },
  {
    title: 'a generic datatype without type arguments',
    base: 'string',
    mutate: (m) => (code(m, 'as_bytes').locals = signature(m, [{ Datatype: 2 }])),
    status: 'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
  },
  {
    title: 'a field typed with a generic datatype without type arguments',
    base: 'string',
    mutate: (m) => ((declaredFields(m, 0)[0] as { signature: SignatureToken }).signature = { Datatype: 2 }),
    status: 'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
  },
];

const BROKEN_STRUCTURE: Case[] = [
  {
    title: 'a reference inside a local’s vector type',
    base: 'string',
    mutate: (m) => (code(m, 'as_bytes').locals = signature(m, [{ Vector: { Reference: 'U8' } }])),
    status: 'INVALID_SIGNATURE_TOKEN',
  },
  {
    title: 'a reference as a field type',
    base: 'string',
    mutate: (m) =>
      ((declaredFields(m, 0)[0] as { signature: SignatureToken }).signature = { Reference: 'U8' }),
    status: 'INVALID_SIGNATURE_TOKEN',
  },
  {
    title: 'a reference as a type argument of a call',
    base: 'option',
    mutate: (m) => {
      m.function_instantiations.push({
        handle: 0,
        type_parameters: signature(m, [{ Reference: { TypeParameter: 0 } }]),
      });
      code(m, 'none').code.unshift({ CallGeneric: m.function_instantiations.length - 1 }, 'Pop');
    },
    status: 'INVALID_SIGNATURE_TOKEN',
  },
  {
    title: 'a vector instruction with two element types',
    base: 'option',
    mutate: (m) => (code(m, 'none').code[0] = { VecPack: [signature(m, ['U8', 'U8']), 0n] }),
    status: 'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
  },
  {
    title: 'a constraint on Option<T> that its own functions do not meet',
    base: 'option',
    mutate: (m) =>
      ((m.datatype_handles[0]?.type_parameters[0] as { constraints: number }).constraints = COPY),
    status: 'CONSTRAINT_NOT_SATISFIED',
  },
  {
    title: 'a local instantiating a copy parameter with a signer',
    base: 'option',
    mutate: (m) => {
      const extra = addGenericStruct(m, COPY, DROP);
      code(m, 'none').locals = signature(m, [{ DatatypeInstantiation: [extra, ['Signer']] }]);
    },
    status: 'CONSTRAINT_NOT_SATISFIED',
  },
  {
    title: 'a phantom type parameter in a vector field',
    base: 'option',
    mutate: (m) => ((m.datatype_handles[0]?.type_parameters[0] as { is_phantom: boolean }).is_phantom = true),
    status: 'INVALID_PHANTOM_TYPE_PARAM_POSITION',
  },
  {
    title: 'a signer field in a struct with store',
    base: 'string',
    mutate: (m) => ((declaredFields(m, 0)[0] as { signature: SignatureToken }).signature = 'Signer'),
    status: 'FIELD_MISSING_TYPE_ABILITY',
  },
  {
    title: 'a signer field in a struct with copy (a signer only has drop)',
    base: 'option',
    mutate: (m) => {
      addGenericStruct(m, 0, COPY | DROP);
      (declaredFields(m, 1)[0] as { signature: SignatureToken }).signature = 'Signer';
    },
    status: 'FIELD_MISSING_TYPE_ABILITY',
  },
  {
    title: 'none<T> calling none<vector<T>>',
    base: 'option',
    mutate: (m) => {
      m.function_instantiations.push({
        handle: 0,
        type_parameters: signature(m, [{ Vector: { TypeParameter: 0 } }]),
      });
      code(m, 'none').code.unshift({ CallGeneric: m.function_instantiations.length - 1 }, 'Pop');
    },
    status: 'LOOP_IN_INSTANTIATION_GRAPH',
  },
  {
    title: 'an imported struct declared with an ability it lacks',
    base: 'u8',
    mutate: (m) => ((m.datatype_handles[0] as { abilities: number }).abilities |= KEY),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported struct declared with fewer abilities',
    base: 'u8',
    mutate: (m) => ((m.datatype_handles[0] as { abilities: number }).abilities = DROP),
    status: 'success',
  },
  {
    title: 'an imported struct declared phantom where it is not',
    base: 'u8',
    mutate: (m) =>
      ((m.datatype_handles[importOption(m)]?.type_parameters[0] as { is_phantom: boolean }).is_phantom =
        true),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported struct declared with another number of type parameters',
    base: 'u8',
    mutate: (m) =>
      m.datatype_handles[importOption(m)]?.type_parameters.push({ constraints: 0, is_phantom: false }),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported struct declared with a stricter constraint',
    base: 'u8',
    mutate: (m) =>
      ((m.datatype_handles[importOption(m)]?.type_parameters[0] as { constraints: number }).constraints =
        STORE),
    status: 'success',
  },
  {
    title: 'an imported struct its module does not define',
    base: 'u8',
    mutate: (m) =>
      m.datatype_handles.push({ module: 1, name: identifier(m, 'Nope'), abilities: 0, type_parameters: [] }),
    status: 'LOOKUP_FAILED',
  },
  {
    title: 'an imported private function',
    base: 'u8',
    mutate: (m) => importFunction(m, 'internal_check_utf8', [{ Reference: { Vector: 'U8' } }], ['Bool']),
    status: 'LOOKUP_FAILED',
  },
  {
    title: 'an imported function declared with another return type',
    base: 'u8',
    mutate: (m) => importFunction(m, 'length', [{ Reference: { Datatype: 0 } }], ['U8']),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported function declared as it is',
    base: 'u8',
    mutate: (m) => importFunction(m, 'length', [{ Reference: { Datatype: 0 } }], ['U64']),
    status: 'success',
  },
  {
    title: 'an imported function whose parameter names a struct of another module',
    base: 'u8',
    mutate: (m) =>
      importFunction(
        m,
        'length',
        [{ Reference: { DatatypeInstantiation: [importOption(m), ['U8']] } }],
        ['U64'],
      ),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported function declared with a weaker constraint',
    base: 'u8',
    mutate: (m) => importDestroyWithDefault(m, 0),
    status: 'TYPE_MISMATCH',
  },
  {
    title: 'an imported function declared with a stricter constraint',
    base: 'u8',
    mutate: (m) => importDestroyWithDefault(m, DROP | KEY),
    status: 'success',
  },
];

/** What move-binary-format's deserializer (with its bounds checker) says of the module's bytes. */
function deserializerStatus(module: ModuleJson): string {
  try {
    deserializeModule(serializeModule(module), 'mutated.mv');
    return 'success';
  } catch (thrown) {
    return (
      /status ([A-Z_]+)/.exec(String(thrown instanceof Error ? thrown.message : thrown))?.[1] ??
      String(thrown)
    );
  }
}

describe('verifier on modules out of bounds', () => {
  for (const c of OUT_OF_BOUNDS) {
    it(`rejects ${c.title} with ${c.status}, as Sui's deserializer does`, () => {
      const module = build(c);
      const errors = verifyModule(module, lookup);
      expect(errors.map((e) => e.status)).toEqual([c.status]);
      expect(deserializerStatus(module)).toBe(c.status);
    });
  }

  it('names the function and offset of an operand out of bounds', () => {
    const [error] = verifyModule(build(OUT_OF_BOUNDS[0] as Case), lookup);
    expect(error).toMatchObject({ functionIndex: 1, offset: 0 });
  });
});

describe('verifier on broken signatures, field abilities, instantiations and links', () => {
  for (const c of BROKEN_STRUCTURE) {
    it(`${c.status === 'success' ? 'accepts' : 'rejects'} ${c.title}${c.status === 'success' ? '' : ` with ${c.status}`}`, () => {
      const errors = verifyModule(build(c), lookup);
      // A broken structure is the module's one error, as Sui stops there.
      expect(errors.map((e) => e.status)).toEqual(c.status === 'success' ? [] : [c.status]);
    });
  }

  it.skipIf(SKIP_WHEEL)(
    'the wheel reports the same status for each case, and loads none out of bounds',
    async () => {
      const cases = [...OUT_OF_BOUNDS, ...BROKEN_STRUCTURE];
      const statuses = await wheelStatuses(
        cases.map((c) => ({ title: c.title, module: build(c), call: CALLS[c.base] })),
      );
      // A module that does not deserialize is left out of the package: its function is not found.
      const expected = cases.map((c) => (OUT_OF_BOUNDS.includes(c) ? 'not found' : c.status));
      const seen = statuses.map((s) => (/ not found in module /.test(s) ? 'not found' : s));
      expect(cases.map((c, i) => `${c.title}: ${seen[i]}`)).toEqual(
        cases.map((c, i) => `${c.title}: ${expected[i]}`),
      );
    },
    120_000,
  );
});
