// Tier A (spec rust-contracts §4.3): a value for every parameter of a target function, or the stage and the
// reason why not. Values are made up (§4.4) or built by a constructor call, whose result Tier B passes on.
import { VmError, VmLoadError } from '../vm/errors.js';
import type { LoadedFunction, Loader } from '../vm/loader.js';
import { substitute, typesEqual, type DatatypeType, type Type } from '../vm/types.js';
import {
  bindTypeParams,
  isClockRef,
  isFrameworkType,
  isOtwShaped,
  isSynthesizableParam,
  isTxContextRef,
  structKey,
  type ConstructorMap,
} from './constructors.js';
import { shortAddress, type FailureStage } from './row.js';
import { SynthesisError, synthesizeValue, u64Bytes, zeroValue } from './synthetic-values.js';

/** A call that builds an argument; Tier B runs it in the target's transaction and passes its first result. */
export interface ConstructorCall {
  fn: LoadedFunction;
  typeArgs: Type[];
  args: ArgSource[];
}

export type ArgSource =
  | { kind: 'pure'; bytes: Uint8Array }
  /** Left out: the runtime supplies the transaction's context. */
  | { kind: 'txContext' }
  /** The shared Clock object 0x6. */
  | { kind: 'clock' }
  | { kind: 'built'; call: ConstructorCall }
  /** An object Tier A cannot make up: Tier B is skipped. */
  | { kind: 'object' };

export type TierA =
  | { ok: true; typeArgs: Type[]; args: ArgSource[]; resolvedParams: string[]; hasObjectParams: boolean }
  | { ok: false; stage: FailureStage; reason: string; resolvedParams: string[] };

const U64: Type = { kind: 'u64' };
/** Upstream's MM2 search stops at depth 5. */
const MAX_CHAIN_DEPTH = 5;
/** Constructors tried per struct in a chain, so that a search over a large package stays small. */
const CANDIDATES_PER_STRUCT = 4;

interface Built {
  source: Extract<ArgSource, { kind: 'built' }>;
  /** Constructor calls below the first one on the longest path (0: its arguments are all made up). */
  hops: number;
}

/** `construct:Name` for a single call, `construct_hop2:Name` for a chain two calls deeper. */
function hopLabel(base: string, hops: number): string {
  return hops === 0 ? base : `${base}_hop${hops}`;
}
const UTF8 = (text: string) => Uint8Array.from([text.length, ...Buffer.from(text, 'utf8')]);

class StageFailure extends Error {
  constructor(
    readonly stage: FailureStage,
    message: string,
  ) {
    super(message);
  }
}

/** Rust's Debug spelling of a value layout, as upstream records it in `resolved_params`. */
function layoutName(type: Type): string {
  if (type.kind === 'vector') return `Vector(${layoutName(type.elem)})`;
  if (type.kind === 'datatype') return `Struct(${shortTag(type)})`;
  return type.kind === 'address' ? 'Address' : type.kind.charAt(0).toUpperCase() + type.kind.slice(1);
}

function shortTag(type: DatatypeType): string {
  return `${shortAddress(type.address)}::${type.module}::${type.name}`;
}

export class TierASynthesizer {
  constructor(
    private readonly loader: Loader,
    private readonly constructors: ConstructorMap,
  ) {}

  run(fn: LoadedFunction): TierA {
    // Upstream instantiates every type parameter as u64, whatever its constraints.
    const typeArgs: Type[] = Array.from({ length: fn.typeParamCount }, () => U64);
    const resolvedParams: string[] = [];
    const args: ArgSource[] = [];
    let hasObjectParams = false;
    try {
      for (const param of fn.params) {
        const { source, label } = this.param(param, typeArgs);
        if (source.kind === 'object') hasObjectParams = true;
        args.push(source);
        resolvedParams.push(label);
      }
    } catch (error) {
      if (error instanceof StageFailure)
        return { ok: false, stage: error.stage, reason: error.message, resolvedParams };
      // A type the loader cannot resolve (a module or datatype missing) where no check expected one.
      if (error instanceof VmError || error instanceof VmLoadError)
        return {
          ok: false,
          stage: 'A2',
          reason: `layout resolution failed: ${error.message}`,
          resolvedParams,
        };
      throw error;
    }
    return { ok: true, typeArgs, args, resolvedParams, hasObjectParams };
  }

  private param(param: Type, typeArgs: Type[]): { source: ArgSource; label: string } {
    if (param.kind === 'ref') return this.reference(param, typeArgs);
    if (param.kind === 'param') {
      if (param.index >= typeArgs.length)
        throw new StageFailure('A5', `type parameter ${param.index} out of range`);
      return { source: { kind: 'pure', bytes: u64Bytes(0n) }, label: `type_param[${param.index}]=U64` };
    }
    const type = substitute(param, typeArgs);
    this.checkLayout(type);
    const zero = zeroValue(type);
    if (zero) return { source: { kind: 'pure', bytes: zero }, label: layoutName(type) };
    if (type.kind !== 'datatype') throw new StageFailure('A3', 'no default value generator for layout');
    const cap = this.treasuryCap(type);
    if (cap) return cap;
    const built = this.construct(type);
    if (built) return { source: built.source, label: `${hopLabel('construct', built.hops)}:${type.name}` };
    try {
      return {
        source: { kind: 'pure', bytes: synthesizeValue(this.loader, type) },
        label: `synthesized:${type.name}`,
      };
    } catch (error) {
      if (!(error instanceof SynthesisError)) throw error;
      throw new StageFailure('A3', `no default value generator for layout: ${error.message}`);
    }
  }

  private reference(
    param: Extract<Type, { kind: 'ref' }>,
    typeArgs: Type[],
  ): { source: ArgSource; label: string } {
    if (isTxContextRef(param)) return { source: { kind: 'txContext' }, label: 'synthesizable:TxContext' };
    if (isClockRef(param)) return { source: { kind: 'clock' }, label: 'synthesizable:Clock' };
    const referent = substitute(param.to, typeArgs);
    if (referent.kind === 'datatype') {
      const built = this.construct(referent);
      if (built)
        return {
          source: built.source,
          label: `${hopLabel('constructible_ref', built.hops)}:${param.mutable ? '&mut ' : '&'}${referent.name}`,
        };
      try {
        const bytes = synthesizeValue(this.loader, referent);
        return { source: { kind: 'pure', bytes }, label: `synthesized_ref:${referent.name}` };
      } catch (error) {
        if (!(error instanceof SynthesisError)) throw error;
      }
    }
    // Upstream never makes up a referent that is not a struct (`&vector<u8>`, `&u64`, `&T`).
    return { source: { kind: 'object' }, label: 'object' };
  }

  /** A2 when the value's layout cannot be resolved: a missing module, a native struct, an enum by value. */
  private checkLayout(type: Type, depth = 0): void {
    if (type.kind === 'vector') return this.checkLayout(type.elem, depth);
    if (type.kind !== 'datatype' || depth > 16) return;
    if (!this.loader.module(type.address, type.module))
      throw new StageFailure('A2', `layout resolution failed: module not found for struct ${shortTag(type)}`);
    let def;
    try {
      def = this.loader.requireDatatype(type);
    } catch (error) {
      throw new StageFailure('A2', `layout resolution failed: ${(error as Error).message}`);
    }
    if (def.kind === 'enum')
      throw new StageFailure(
        'A2',
        `layout resolution failed: struct definition not found for ${shortTag(type)}`,
      );
    for (const field of def.fields) this.checkLayout(substitute(field.type, type.args), depth + 1);
  }

  /**
   * `TreasuryCap<W>` through `coin::create_currency<W>` when W is shaped like a one-time witness. Upstream used
   * the first witness of the corpus (usually `0x2::sui::SUI`) whatever W was, which can only build the wrong cap.
   */
  private treasuryCap(type: DatatypeType): { source: ArgSource; label: string } | null {
    const witness = type.args[0];
    if (!isFrameworkType(type, 'coin', 'TreasuryCap') || !witness || !isOtwShaped(this.loader, witness))
      return null;
    const fn = this.loader.module('0'.repeat(63) + '2', 'coin')?.function('create_currency');
    if (!fn) return null;
    const pure = (bytes: Uint8Array): ArgSource => ({ kind: 'pure', bytes });
    const call: ConstructorCall = {
      fn,
      typeArgs: [witness],
      args: [
        pure(Uint8Array.of(1)), // the witness: its one bool field
        pure(Uint8Array.of(9)),
        pure(UTF8('TEST')),
        pure(UTF8('Test Token')),
        pure(UTF8('Test token for type inhabitation')),
        pure(Uint8Array.of(0)), // icon_url: None
        { kind: 'txContext' },
      ],
    };
    return {
      source: { kind: 'built', call },
      label: `treasury_cap_via_otw:${shortTag(witness as DatatypeType)}`,
    };
  }

  /**
   * A constructor call building the struct: the first public constructor whose parameters can all be made up,
   * else one whose struct parameters are themselves built by constructors (a chain of at most
   * MAX_CHAIN_DEPTH calls, no struct twice on a path). `hops` is the chain's length beyond the first call.
   */
  private construct(type: DatatypeType, depth = 0, path: ReadonlySet<string> = new Set()): Built | null {
    const direct = this.constructors.first(type);
    const built = direct ? this.callOf(direct, type, depth, path) : null;
    if (built || depth >= MAX_CHAIN_DEPTH) return built;
    const inner = new Set(path).add(structKey(type));
    for (const fn of this.constructors.needingStructs(type, CANDIDATES_PER_STRUCT)) {
      const chained = this.callOf(fn, type, depth, inner);
      if (chained) return chained;
    }
    return null;
  }

  /** `fn`'s call with an argument for every parameter, its type parameters bound by its result type. */
  private callOf(
    fn: LoadedFunction,
    type: DatatypeType,
    depth: number,
    path: ReadonlySet<string>,
  ): Built | null {
    const typeArgs = bindTypeParams(fn.returns[0]!, type, fn.typeParamCount);
    // A constructor of other instantiations (`Foo<Bar>` for a `Foo<u64>`) would be an argument error.
    if (!typesEqual(substitute(fn.returns[0]!, typeArgs), type)) return null;
    let hops = 0;
    const args: ArgSource[] = [];
    for (const p of fn.params) {
      if (isTxContextRef(p)) args.push({ kind: 'txContext' });
      else if (isClockRef(p)) args.push({ kind: 'clock' });
      else if (isSynthesizableParam(p)) {
        try {
          args.push({ kind: 'pure', bytes: synthesizeValue(this.loader, substitute(p, typeArgs)) });
        } catch (error) {
          if (error instanceof SynthesisError) return null;
          throw error;
        }
      } else {
        // A struct, by value or by reference: built by its own constructor, one hop further down.
        const param = substitute(p, typeArgs);
        const struct = param.kind === 'ref' ? param.to : param;
        if (struct.kind !== 'datatype' || path.has(structKey(struct))) return null;
        const inner = this.construct(struct, depth + 1, path);
        if (!inner) return null;
        hops = Math.max(hops, inner.hops + 1);
        args.push(inner.source);
      }
    }
    return { source: { kind: 'built', call: { fn, typeArgs, args } }, hops };
  }
}
