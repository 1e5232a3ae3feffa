// A hand-assembled v7 module exercising instructions the framework never uses (BrTrue, Or, And, Nop,
// UnpackVariantMutRef), enums (PackVariant, UnpackVariant*, VariantSwitch) and deep recursion (the
// call-depth limit), written as a package
// directory so both our VM and the real one (which runs the bytecode verifier on load) can run it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModuleJson } from '../../../src/move/fixture-builder.js';
import {
  serializeModule,
  type Bytecode,
  type ModuleJson,
  type SignatureToken,
} from '../../../src/move/module-json.js';

export const FIXTURE_ADDRESS = '0x' + 'ca'.repeat(32);

/**
 * Function bodies. Locals after the parameters are declared per function. `Circle`/`Rect` stand for
 * the variant handle indices (0 and 1).
 */
const BODIES: Record<string, { locals: ('Shape' | 'U64')[]; code: Bytecode[]; jumpTable?: number[] }> = {
  // area(is_circle, a, b): 3·a·a for Circle { r: a }, a·b for Rect { w: a, h: b }
  area: {
    locals: ['Shape', 'U64'],
    jumpTable: [12, 21],
    code: [
      { MoveLoc: 0 },
      { BrFalse: 6 },
      { CopyLoc: 1 },
      { PackVariant: 0 },
      { StLoc: 3 },
      { Branch: 10 },
      { CopyLoc: 1 },
      { CopyLoc: 2 },
      { PackVariant: 1 },
      { StLoc: 3 },
      { ImmBorrowLoc: 3 },
      { VariantSwitch: 0 },
      { MoveLoc: 3 },
      { UnpackVariant: 0 },
      { StLoc: 4 },
      { CopyLoc: 4 },
      { MoveLoc: 4 },
      'Mul',
      { LdU64: 3n },
      'Mul',
      'Ret',
      { MoveLoc: 3 },
      { UnpackVariant: 1 },
      'Mul',
      'Ret',
    ],
  },
  // scale(a, k): Circle { r: a }, then r := a·k through UnpackVariantMutRef, then r
  scale: {
    locals: ['Shape'],
    code: [
      { CopyLoc: 0 },
      { PackVariant: 0 },
      { StLoc: 2 },
      { MoveLoc: 0 },
      { MoveLoc: 1 },
      'Mul',
      { MutBorrowLoc: 2 },
      { UnpackVariantMutRef: 0 },
      'WriteRef',
      { MoveLoc: 2 },
      { UnpackVariant: 0 },
      'Ret',
    ],
  },
  // wrong_variant(a): packs a Circle and unpacks it as a Rect
  wrong_variant: {
    locals: [],
    code: [{ MoveLoc: 0 }, { PackVariant: 0 }, { UnpackVariant: 1 }, 'Mul', 'Ret'],
  },
  // exclusive(x, y): (x || y) && !(x && y), with a Nop first
  exclusive: {
    locals: [],
    code: [
      'Nop',
      { CopyLoc: 0 },
      { CopyLoc: 1 },
      'Or',
      { MoveLoc: 0 },
      { MoveLoc: 1 },
      'And',
      'Not',
      'And',
      'Ret',
    ],
  },
  // pick(c, a, b): a if c else b, through BrTrue
  pick: {
    locals: [],
    code: [{ MoveLoc: 0 }, { BrTrue: 4 }, { MoveLoc: 2 }, 'Ret', { MoveLoc: 1 }, 'Ret'],
  },
  // depth(n): n nested calls, to find the call-depth limit
  depth: {
    locals: [],
    code: [
      { CopyLoc: 0 },
      { LdU64: 0n },
      'Eq',
      { BrFalse: 6 },
      { LdU64: 0n },
      'Ret',
      { MoveLoc: 0 },
      { LdU64: 1n },
      'Sub',
      { Call: 'depth' },
      { LdU64: 1n },
      'Add',
      'Ret',
    ],
  },
  // shift16(a, s): a << s as u16; shift32(a, s): a >> s as u32
  shift16: { locals: [], code: [{ MoveLoc: 0 }, { MoveLoc: 1 }, 'Shl', 'Ret'] },
  shift32: { locals: [], code: [{ MoveLoc: 0 }, { MoveLoc: 1 }, 'Shr', 'Ret'] },
};

function moduleBytes(): Uint8Array {
  const json = buildModuleJson({
    address: FIXTURE_ADDRESS,
    name: 'ops',
    enums: [
      {
        name: 'Shape',
        abilities: ['copy', 'drop'],
        variants: [
          { name: 'Circle', fields: [{ name: 'r', type: 'u64' }] },
          {
            name: 'Rect',
            fields: [
              { name: 'w', type: 'u64' },
              { name: 'h', type: 'u64' },
            ],
          },
        ],
      },
    ],
    functions: [
      { name: 'area', params: ['bool', 'u64', 'u64'], returns: ['u64'] },
      { name: 'scale', params: ['u64', 'u64'], returns: ['u64'] },
      { name: 'wrong_variant', params: ['u64'], returns: ['u64'] },
      { name: 'exclusive', params: ['bool', 'bool'], returns: ['bool'] },
      { name: 'pick', params: ['bool', 'u32', 'u32'], returns: ['u32'] },
      { name: 'depth', params: ['u64'], returns: ['u64'] },
      { name: 'shift16', params: ['u16', 'u8'], returns: ['u16'] },
      { name: 'shift32', params: ['u32', 'u8'], returns: ['u32'] },
    ],
  });
  const shapeHandle = json.datatype_handles.findIndex((h) => json.identifiers[h.name] === 'Shape');
  json.variant_handles = [
    { enum_def: 0, variant: 0 },
    { enum_def: 0, variant: 1 },
  ];
  const token = (local: 'Shape' | 'U64'): SignatureToken =>
    local === 'U64' ? 'U64' : { Datatype: shapeHandle };
  for (const def of json.function_defs) {
    const name = json.identifiers[json.function_handles[def.function]!.name]!;
    const body = BODIES[name]!;
    def.code = {
      locals: internSignature(json.signatures, body.locals.map(token)),
      code: body.code.map((instr) => linkCall(json, instr)),
      jump_tables: body.jumpTable ? [{ head_enum: 0, jump_table: { Full: body.jumpTable } }] : [],
    };
  }
  return serializeModule(json);
}

/** `{ Call: 'name' }` names a function of this module; the bytecode wants its handle index. */
function linkCall(json: ModuleJson, instr: Bytecode): Bytecode {
  if (typeof instr === 'string' || typeof instr.Call !== 'string') return instr;
  const handle = json.function_handles.findIndex((h) => json.identifiers[h.name] === instr.Call);
  return { Call: handle };
}

/** The verifier rejects duplicate pool entries, so reuse an equal signature when there is one. */
function internSignature(pool: SignatureToken[][], signature: SignatureToken[]): number {
  const found = pool.findIndex((s) => JSON.stringify(s) === JSON.stringify(signature));
  if (found >= 0) return found;
  pool.push(signature);
  return pool.length - 1;
}

/**
 * Writes the package (metadata.json + bytecode_modules/ops.mv) to a new temporary directory. A
 * `packageId` other than the module address makes it look like an upgraded package.
 */
export function writeOpcodePackage(packageId = FIXTURE_ADDRESS): string {
  const dir = mkdtempSync(join(tmpdir(), 'vm-ops-'));
  mkdirSync(join(dir, 'bytecode_modules'));
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ id: packageId }));
  writeFileSync(join(dir, 'bytecode_modules', 'ops.mv'), moduleBytes());
  return dir;
}
