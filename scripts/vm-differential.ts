// Differential testing of src/vm against the real Sui Move VM: synthesise pure arguments for every
// public function of the given packages, run both VMs, compare results byte for byte and failures by
// status, code and location.
import { BcsWriter } from '../src/vm/bcs-values.js';
import { canonicalTypeName, parseTypeTag, substitute, type Type } from '../src/vm/types.js';
import { VmLoadError, type MoveVm, type TransactionState } from '../src/vm/index.js';
import type { LoadedFunction } from '../src/vm/loader.js';
import type { Oracle, OracleOutcome } from './vm-oracle.js';

const STD = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';
const U64: Type = { kind: 'u64' };

export interface DifferentialCase {
  package: string;
  module: string;
  function: string;
  typeArgs: string[];
  argsHex: string[];
}

/** One VM's outcome, reduced to what both VMs report. */
export interface Outcome {
  success: boolean;
  returnValues: string[];
  status?: string;
  code?: string;
  module?: string;
  functionIndex?: number;
  offset?: number;
  message?: string;
}

export interface CaseComparison {
  testCase: DifferentialCase;
  ours: Outcome;
  oracle: Outcome;
  agree: boolean;
}

/** Small seeded PRNG (mulberry32), so a seed always gives the same cases. */
export class Random {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  bits(count: number): bigint {
    let value = 0n;
    for (let i = 0; i < count; i += 16) value = (value << 16n) | BigInt(this.below(0x10000));
    return value & ((1n << BigInt(count)) - 1n);
  }
}

const INT_BITS: Record<string, number> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };
const TEXT_SAMPLES = ['', 'a', 'hello', 'Move', 'é', '日本', 'a-b_c', '0123456789'];

function isStdStruct(type: Type, module: string, name: string): boolean {
  return type.kind === 'datatype' && type.address === STD && type.module === module && type.name === name;
}

const isTxContext = (type: Type) =>
  type.kind === 'datatype' &&
  type.address === SUI &&
  type.module === 'tx_context' &&
  type.name === 'TxContext';

/** Abilities: copy 1, drop 2, store 4, key 8. */
const PURE_ABILITIES = 7;
const OBJECT_ABILITIES = 12;
const COIN_OF_SUI = '0x2::coin::Coin<0x2::sui::SUI>';

export interface SynthesisOptions {
  /**
   * Also synthesise structs and enums field by field from their layout (objects included: their UID
   * is random bytes), and instantiate `key` type parameters with `Coin<SUI>`. Both VMs take any BCS
   * for any parameter, so this reaches framework code that works on objects.
   */
  structs: boolean;
  /** Keep functions whose last parameter is a TxContext reference (for replayed PTBs). */
  txContext?: boolean;
  /** Only those functions (to cover what view calls cannot). */
  onlyTxContext?: boolean;
}

/** Makes random BCS values of the types a sweep can pass. */
class Synthesizer {
  constructor(
    private readonly vm: MoveVm,
    private readonly options: SynthesisOptions,
  ) {}

  /** The type argument a type parameter with these constraints gets, if any. */
  typeArg(constraints: number): { tag: string; type: Type } | undefined {
    if ((constraints & ~PURE_ABILITIES) === 0) return { tag: 'u64', type: U64 };
    if (this.options.structs && (constraints & ~OBJECT_ABILITIES) === 0) {
      return { tag: COIN_OF_SUI, type: parseTypeTag(COIN_OF_SUI) };
    }
    return undefined;
  }

  canMake(type: Type, depth = 0): boolean {
    if (depth > 8) return false;
    switch (type.kind) {
      case 'bool':
      case 'u8':
      case 'u16':
      case 'u32':
      case 'u64':
      case 'u128':
      case 'u256':
      case 'address':
        return true;
      case 'vector':
        return this.canMake(type.elem, depth + 1);
      case 'ref':
        return this.canMake(type.to, depth);
      case 'datatype': {
        if (isStdStruct(type, 'string', 'String') || isStdStruct(type, 'ascii', 'String')) return true;
        if (isStdStruct(type, 'option', 'Option')) return this.canMake(type.args[0]!, depth + 1);
        if (!this.options.structs || isTxContext(type)) return false;
        return this.fieldSets(type).every((fields) => fields.every((f) => this.canMake(f, depth + 1)));
      }
      default:
        return false;
    }
  }

  /** Field types of a struct (one set) or of each enum variant. */
  private fieldSets(type: Extract<Type, { kind: 'datatype' }>): Type[][] {
    const def = this.vm.loader.requireDatatype(type);
    const types = (fields: { type: Type }[]) => fields.map((f) => substitute(f.type, type.args));
    return def.kind === 'struct' ? [types(def.fields)] : def.variants.map((v) => types(v.fields));
  }

  write(writer: BcsWriter, type: Type, random: Random, depth: number): void {
    switch (type.kind) {
      case 'bool':
        writer.byte(random.below(2));
        return;
      case 'address':
        writer.raw(Array.from({ length: 32 }, () => (random.below(3) === 0 ? random.below(256) : 0)));
        return;
      case 'vector': {
        const length = depth > 1 ? 0 : random.below(4);
        writer.uleb(length);
        for (let i = 0; i < length; i++) this.write(writer, type.elem, random, depth + 1);
        return;
      }
      case 'ref':
        this.write(writer, type.to, random, depth);
        return;
      case 'datatype':
        this.writeDatatype(writer, type, random, depth);
        return;
      default: {
        const bits = INT_BITS[type.kind]!;
        const max = (1n << BigInt(bits)) - 1n;
        const picks = [
          0n,
          1n,
          2n,
          max,
          max - 1n,
          BigInt(random.below(100)),
          random.bits(bits),
          random.bits(bits / 2),
        ];
        writer.littleEndian(picks[random.below(picks.length)]!, bits / 8);
      }
    }
  }

  private writeDatatype(
    writer: BcsWriter,
    type: Extract<Type, { kind: 'datatype' }>,
    random: Random,
    depth: number,
  ): void {
    if (isStdStruct(type, 'option', 'Option')) {
      const some = random.below(2) === 1;
      writer.byte(some ? 1 : 0);
      if (some) this.write(writer, type.args[0]!, random, depth + 1);
      return;
    }
    if (isStdStruct(type, 'string', 'String') || isStdStruct(type, 'ascii', 'String')) {
      const text = TEXT_SAMPLES[random.below(TEXT_SAMPLES.length)]!;
      const bytes = new TextEncoder().encode(
        type.module === 'ascii' ? text.replace(/[^\x20-\x7e]/g, 'x') : text,
      );
      writer.uleb(bytes.length);
      writer.raw(bytes);
      return;
    }
    const sets = this.fieldSets(type);
    const def = this.vm.loader.requireDatatype(type);
    const tag = def.kind === 'enum' ? random.below(sets.length) : 0;
    if (def.kind === 'enum') writer.uleb(tag);
    for (const field of sets[tag]!) this.write(writer, field, random, depth + 1);
  }
}

/** How a function is called in a sweep, or why it is left out. */
type CallPlan =
  { reason: string } | { typeArgs: { tag: string; type: Type }[]; params: Type[]; takesTxContext: boolean };

function planCall(fn: LoadedFunction, synth: Synthesizer, options: SynthesisOptions): CallPlan {
  if (fn.visibility !== 'Public') return { reason: 'not public' };
  const typeArgs = fn.typeParamConstraints.map((mask) => synth.typeArg(mask));
  if (typeArgs.some((t) => t === undefined)) return { reason: 'no type argument meets the constraints' };
  if (fn.returns.some((r) => r.kind === 'ref'))
    return { reason: 'returns a reference (the oracle refuses those)' };
  const all = fn.params.map((p) =>
    substitute(
      p,
      typeArgs.map((t) => t!.type),
    ),
  );
  const last = all[all.length - 1];
  const takesTxContext = last !== undefined && last.kind === 'ref' && isTxContext(last.to);
  // Each VM makes its own TxContext; through view calls the oracle's has a random digest, so only
  // replayed PTBs (where the digest is ours to choose) can take one.
  if (takesTxContext && !options.txContext) return { reason: 'takes a TxContext' };
  const params = takesTxContext ? all.slice(0, -1) : all;
  if (params.some((p) => isTxContext(p.kind === 'ref' ? p.to : p)))
    return { reason: 'takes a TxContext by value' };
  const bad = params.find((p) => !synth.canMake(p));
  if (bad) return { reason: `parameter ${canonicalTypeName(bad)} cannot be synthesised` };
  return { typeArgs: typeArgs.map((t) => t!), params, takesTxContext };
}

/** `perFunction` cases for each callable public function of the modules at `addresses`, in a stable order. */
export function generateCases(
  vm: MoveVm,
  addresses: string[],
  seed: number,
  perFunction: number,
  options: SynthesisOptions = { structs: false },
) {
  const cases: DifferentialCase[] = [];
  const excluded: { function: string; reason: string }[] = [];
  const random = new Random(seed);
  const synth = new Synthesizer(vm, options);
  const wanted = new Set(addresses.map((a) => vm.moduleAddress(a)));
  const modules = vm.loader
    .allModules()
    .filter((m) => wanted.has(m.address))
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const module of modules) {
    for (let index = 0; index < module.json.function_defs.length; index++) {
      const fn = module.functionAt(index);
      const plan = planCall(fn, synth, options);
      if ('reason' in plan) {
        excluded.push({ function: `0x${module.id}::${fn.name}`, reason: plan.reason });
        continue;
      }
      if (options.onlyTxContext && !plan.takesTxContext) continue;
      for (let i = 0; i < perFunction; i++) {
        cases.push({
          package: `0x${module.address}`,
          module: module.name,
          function: fn.name,
          typeArgs: plan.typeArgs.map((t) => t.tag),
          argsHex: plan.params.map((p) => {
            const writer = new BcsWriter();
            synth.write(writer, p, random, 0);
            return Buffer.from(writer.finish()).toString('hex');
          }),
        });
      }
    }
  }
  return { cases, excluded };
}

/** Abilities by bit: a type argument lacking each (copy 1, drop 2, store 4, key 8). */
const LACKING: [number, string][] = [
  [8, 'u64'],
  [1, COIN_OF_SUI],
  [2, COIN_OF_SUI],
  [4, '0x2::tx_context::TxContext'],
];

/**
 * Requests Sui refuses before running: for each public or entry generic function, one type argument
 * too many, one too few, and per constrained type parameter a type argument lacking a required
 * ability. Arguments are synthesised for valid type arguments where possible (none otherwise), so
 * only the type arguments are wrong. `takesTxContext` cases must go through a replayed PTB.
 */
export function generateConstraintViolations(vm: MoveVm, addresses: string[], seed: number) {
  const cases: (DifferentialCase & { takesTxContext: boolean })[] = [];
  const random = new Random(seed);
  const synth = new Synthesizer(vm, { structs: true });
  const wanted = new Set(addresses.map((a) => vm.moduleAddress(a)));
  const modules = vm.loader.allModules().filter((m) => wanted.has(m.address));
  for (const module of modules.sort((a, b) => a.id.localeCompare(b.id))) {
    for (let index = 0; index < module.json.function_defs.length; index++) {
      const fn = module.functionAt(index);
      const constraints = fn.typeParamConstraints;
      if ((fn.visibility !== 'Public' && !fn.isEntry) || constraints.length === 0) continue;
      const plan = planCall(fn, synth, { structs: true, txContext: true });
      const valid = 'reason' in plan ? constraints.map(() => 'u64') : plan.typeArgs.map((t) => t.tag);
      const argsHex =
        'reason' in plan
          ? []
          : plan.params.map((p) => {
              const writer = new BcsWriter();
              synth.write(writer, p, random, 0);
              return Buffer.from(writer.finish()).toString('hex');
            });
      const call = (typeArgs: string[]) =>
        cases.push({
          package: `0x${module.address}`,
          module: module.name,
          function: fn.name,
          typeArgs,
          argsHex,
          takesTxContext: !('reason' in plan) && plan.takesTxContext,
        });
      call([...valid, 'u64']);
      call(valid.slice(1));
      constraints.forEach((mask, i) => {
        const lacking = LACKING.find(([ability]) => (mask & ability) !== 0);
        if (lacking) call(valid.map((t, j) => (j === i ? lacking[1] : t)));
      });
    }
  }
  return cases;
}

/**
 * Runs a case in src/vm (in `tx` when given). A success is reported by `summarize`: by default the
 * return values as hex.
 */
export function runOurs(
  vm: MoveVm,
  testCase: DifferentialCase,
  tx?: TransactionState,
  summarize: (returnValues: Uint8Array[]) => string[] = (values) =>
    values.map((v) => Buffer.from(v).toString('hex')),
): Outcome {
  try {
    const result = vm.callFunction({
      package: testCase.package,
      module: testCase.module,
      function: testCase.function,
      typeArgs: testCase.typeArgs,
      args: testCase.argsHex.map((h) => Uint8Array.from(Buffer.from(h, 'hex'))),
      ...(tx ? { tx } : {}),
    });
    if (result.success) return { success: true, returnValues: summarize(result.returnValues) };
    const { error } = result;
    const outcome: Outcome = {
      success: false,
      returnValues: [],
      status: error.status,
      message: error.message,
    };
    if (error.code !== undefined) outcome.code = error.code.toString();
    if (error.location) {
      outcome.module = error.location.module;
      outcome.functionIndex = error.location.functionIndex;
      outcome.offset = error.location.offset;
    }
    return outcome;
  } catch (error) {
    if (error instanceof VmLoadError) {
      return { success: false, returnValues: [], status: 'REFUSED', message: error.message };
    }
    throw error;
  }
}

export function fromOracle(outcome: OracleOutcome): Outcome {
  const reduced: Outcome = { success: outcome.success, returnValues: outcome.returnValues };
  if (outcome.status !== undefined) reduced.status = outcome.status;
  if (outcome.code !== undefined) reduced.code = outcome.code.toString();
  if (outcome.module !== undefined) reduced.module = outcome.module;
  if (outcome.functionIndex !== undefined) reduced.functionIndex = outcome.functionIndex;
  if (outcome.offset !== undefined) reduced.offset = outcome.offset;
  if (outcome.error !== undefined) reduced.message = outcome.error;
  return reduced;
}

/** Same success, same return bytes; or same status, code, module, function and offset. */
export function outcomesAgree(ours: Outcome, oracle: Outcome): boolean {
  if (ours.success !== oracle.success) return false;
  if (ours.success) return JSON.stringify(ours.returnValues) === JSON.stringify(oracle.returnValues);
  return (
    ours.status === oracle.status &&
    ours.code === oracle.code &&
    ours.module === oracle.module &&
    ours.functionIndex === oracle.functionIndex &&
    ours.offset === oracle.offset
  );
}

export async function compareCase(
  vm: MoveVm,
  oracle: Oracle,
  testCase: DifferentialCase,
): Promise<CaseComparison> {
  const ours = runOurs(vm, testCase);
  const theirs = fromOracle(
    await oracle.call({
      package: testCase.package,
      module: testCase.module,
      function: testCase.function,
      type_args: testCase.typeArgs,
      args_hex: testCase.argsHex,
    }),
  );
  return { testCase, ours, oracle: theirs, agree: outcomesAgree(ours, theirs) };
}

/**
 * Where the oracle is known to differ from Sui itself. The wheel runs the real Move VM but its own
 * hand-written table of Sui natives; each entry names the difference, checked against Sui's
 * sources, and matches only the exact pair of outcomes it explains.
 */
/** `functions` are `module::function`, or `module::*` for every function of a module. */
const ORACLE_DEVIATIONS: { functions: string[]; reason: string; matches: (c: CaseComparison) => boolean }[] =
  [
    {
      functions: ['address::to_u256', 'address::from_u256'],
      reason:
        'the wheel converts address <-> u256 little-endian; Sui reads the address big-endian (to_u256(@0x1) == 1)',
      matches: (c) =>
        c.ours.success &&
        c.oracle.success &&
        c.ours.returnValues.length === 1 &&
        c.ours.returnValues[0] === reverseHex(c.oracle.returnValues[0] ?? ''),
    },
    {
      functions: ['address::from_bytes', 'object::id_from_bytes'],
      reason:
        "the wheel aborts with 1 on a length other than 32; Sui's native aborts with 0 (E_ADDRESS_PARSE_ERROR)",
      matches: (c) => c.ours.status === 'ABORTED' && c.ours.code === '0' && c.oracle.code === '1',
    },
    {
      functions: [
        'hash::blake2b256',
        'hash::keccak256',
        'ed25519::ed25519_verify',
        'ecdsa_k1::secp256k1_verify',
        'ecdsa_r1::secp256r1_verify',
        'ecdsa_k1::secp256k1_ecrecover',
        'ecdsa_k1::decompress_pubkey',
        'ecdsa_r1::secp256r1_ecrecover',
        'bls12381::*',
        'group_ops::*',
        'groth16::*',
      ],
      reason:
        "the wheel's native takes the vector by value where the bytecode passes a reference: INTERNAL_TYPE_ERROR",
      matches: (c) => c.oracle.status === 'INTERNAL_TYPE_ERROR' && c.ours.status !== 'UNIMPLEMENTED_NATIVE',
    },
    {
      functions: ['transfer::receive', 'transfer::public_receive', 'coin_registry::finalize_registration'],
      reason:
        "the wheel's receive_impl fails with INTERNAL_TYPE_ERROR on any ticket; Sui's native aborts with 3 " +
        '(EUnableToReceiveObject) when the object was not passed to the transaction as a Receiving input',
      matches: (c) =>
        c.oracle.status === 'INTERNAL_TYPE_ERROR' &&
        c.ours.status === 'ABORTED' &&
        c.ours.code === '3' &&
        c.ours.module === 'transfer',
    },
    {
      functions: ['hmac::hmac_sha3_256'],
      reason: 'the wheel returns 32 zero bytes instead of the HMAC',
      matches: (c) => c.ours.success && c.oracle.returnValues[0] === '20' + '00'.repeat(32),
    },
    {
      functions: ['ecvrf::ecvrf_verify'],
      reason:
        "the wheel's ecvrf_verify returns true whatever its input; Sui's aborts on malformed input and checks the proof",
      // A view call shows the wheel's `true`; a replayed PTB reports no return values, only its success
      // where ours aborts on the malformed input.
      matches: (c) =>
        c.oracle.success &&
        (c.oracle.returnValues[0] === '01' || (c.ours.status === 'ABORTED' && c.ours.module === 'ecvrf')),
    },
    {
      functions: [
        'poseidon::*',
        'vdf::*',
        'zklogin_verified_id::*',
        'zklogin_verified_issuer::*',
        'nitro_attestation::*',
      ],
      reason:
        'the wheel registers natives of these modules under names the bytecode does not use, so the module fails to load',
      matches: (c) => c.oracle.status === 'UNEXPECTED_VERIFIER_ERROR' && c.oracle.functionIndex === undefined,
    },
    {
      // validate_metadata passes its metadata's BCS to the native.
      functions: ['validator::validate_metadata_bcs', 'validator::validate_metadata'],
      reason:
        "the wheel's validate_metadata_bcs returns without reading its bytes; Sui's decodes them as " +
        'ValidatorMetadataV1 (MALFORMED when they do not decode, sui-move-natives/src/validator.rs) and ' +
        'aborts 0–7 on invalid keys, proofs of possession or addresses (ValidatorMetadataV1::verify)',
      matches: (c) =>
        c.oracle.success && !c.ours.success && ['ABORTED', 'MALFORMED'].includes(c.ours.status!),
    },
    {
      functions: ['balance::send_funds', 'balance::redeem_funds', 'coin::send_funds', 'coin::redeem_funds'],
      reason:
        "the wheel's add_to_accumulator_address and withdraw_from_accumulator_address abort with 1000 " +
        "(its E_NOT_SUPPORTED); Sui's record an accumulator event and return the withdrawn Balance " +
        '(sui-move-natives/src/funds_accumulator.rs), aborting only with 0 on a withdrawal above u64',
      matches: (c) =>
        c.oracle.status === 'ABORTED' &&
        c.oracle.code === '1000' &&
        c.oracle.module === 'funds_accumulator' &&
        c.ours.status !== 'UNIMPLEMENTED_NATIVE',
    },
    {
      functions: ['random::*'],
      reason:
        "the wheel's hmac_sha3_256 returns zeros, so its random generator yields zeros (or the range minimum)",
      matches: (c) => c.ours.success && c.oracle.success,
    },
  ];

function reverseHex(hex: string): string {
  return Buffer.from(hex, 'hex').reverse().toString('hex');
}

export type Verdict = 'agree' | 'oracle-deviation' | 'unimplemented' | 'budget' | 'disagree';

/**
 * `agree`; `oracle-deviation` (a documented difference between the wheel and Sui); `unimplemented`
 * (we stop with UNIMPLEMENTED_NATIVE); `budget` (the wheel ran out of gas, alone or with us: its schedule is
 * older than protocol 104's and charges a bytecode loop 3 to 6 times ours); otherwise `disagree`, which
 * includes our running out alone: with the whole computation bucket, that would be an overcharge of ours.
 */
export function verdict(c: CaseComparison): { verdict: Verdict; reason?: string } {
  if (c.agree) return { verdict: 'agree' };
  const name = `${c.testCase.module}::${c.testCase.function}`;
  const wholeModule = `${c.testCase.module}::*`;
  const deviation = ORACLE_DEVIATIONS.find(
    (d) => (d.functions.includes(name) || d.functions.includes(wholeModule)) && d.matches(c),
  );
  if (deviation) return { verdict: 'oracle-deviation', reason: deviation.reason };
  if (c.ours.status === 'UNIMPLEMENTED_NATIVE') return { verdict: 'unimplemented', reason: c.ours.message! };
  if (c.oracle.status === 'OUT_OF_GAS' || c.oracle.status === 'InsufficientGas') {
    return {
      verdict: 'budget',
      reason: "a long computation ran out of the wheel's gas (its schedule is older than protocol 104's)",
    };
  }
  return { verdict: 'disagree' };
}

/** One line per disagreement, for reports. */
export function describeDisagreement(c: CaseComparison): string {
  const show = (o: Outcome) =>
    o.success
      ? `ok [${o.returnValues.join(', ')}]`
      : `${o.status} code=${o.code ?? '-'} at ${o.module ?? '?'}#${o.functionIndex ?? '?'}@${o.offset ?? '?'}`;
  const t = c.testCase;
  return `${t.package.replace(/^0x0+/, '0x')}::${t.module}::${t.function}<${t.typeArgs.join(',')}>(${t.argsHex.join(', ')}): ours ${show(c.ours)}; oracle ${show(c.oracle)}`;
}
