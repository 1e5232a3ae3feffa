// The public face of the VM: load packages, call a function with BCS arguments, get BCS results or a
// located failure. Everything is in-process and deterministic.
import { decodeValue, encodeValue, type DatatypeResolver } from './bcs-values.js';
import { VmError, VmLoadError, type VmLocation, type VmStatus } from './errors.js';
import { Interpreter, type FunctionEnterHook } from './interpreter.js';
import { Loader, type LoadedFunction, type LoaderOptions } from './loader.js';
import { defaultNatives } from './natives/index.js';
import type { NativeTable } from './natives/registry.js';
import { TransactionState, type TransactionContextInput } from './natives/transaction-state.js';
import { normalizeId, type PackageBytes } from './package-bytes.js';
import { parseTypeTag, substitute, type Type } from './types.js';
import { checkTypeArguments } from './type-args.js';
import { boxedRef, Ref, Struct, type Value } from './values.js';

export interface CallRequest {
  /** Package id (storage or original) or module address, short or full hex. */
  package: string;
  module: string;
  function: string;
  /** Type tags like `u64` or `0x2::sui::SUI`. */
  typeArgs?: (string | Type)[];
  /** One BCS value per parameter; a trailing `&TxContext`/`&mut TxContext` may be left out. */
  args?: Uint8Array[];
  /**
   * The transaction the call runs in; a fresh default context when omitted. Its gas meter (budget and price
   * of the context, default 50 SUI at 1 000 MIST: Sui's whole computation bucket) pays for the call.
   */
  tx?: TransactionState | TransactionContextInput;
  /** An extra bound on bytecode instructions executed (`INSTRUCTION_LIMIT_EXCEEDED`); none by default. */
  instructionLimit?: number;
}

export interface CallFailure {
  status: VmStatus;
  /** Abort code (ABORTED) or vector sub-status. */
  code?: bigint;
  location?: VmLocation;
  message: string;
}

export type CallResult =
  | {
      success: true;
      returnValues: Uint8Array[];
      /** Final BCS of every `&mut` argument, by parameter index (what a dev-inspect reports). */
      mutatedReferences: { index: number; bytes: Uint8Array }[];
      instructions: number;
      tx: TransactionState;
    }
  | { success: false; error: CallFailure; tx: TransactionState };

const TX_CONTEXT = { address: '0'.repeat(63) + '2', module: 'tx_context', name: 'TxContext' };

export class MoveVm {
  readonly loader: Loader;
  /** Storage id → the address its modules carry (differs for upgraded packages). */
  private readonly packageAliases = new Map<string, string>();
  private readonly resolve: DatatypeResolver = (type) => this.loader.requireDatatype(type);
  /**
   * Optional observer of every function entered by later calls (PTB commands included), e.g. to record which
   * modules a call touched. It sees the calls only; it cannot change what they do.
   */
  onFunctionEnter: FunctionEnterHook | undefined = undefined;

  constructor(
    packages: readonly PackageBytes[],
    private readonly natives: NativeTable = defaultNatives(),
    loaderOptions: LoaderOptions = {},
  ) {
    this.loader = new Loader(loaderOptions);
    for (const pkg of packages) {
      const modules = this.loader.addModules(pkg.modules, pkg.typeOrigins);
      const self = modules[0]?.address;
      if (self) this.packageAliases.set(normalizeId(pkg.id), self);
    }
  }

  /** The address the modules of a package carry, for a storage id, original id or module address. */
  moduleAddress(packageId: string): string {
    const digits = normalizeId(packageId);
    return this.packageAliases.get(digits) ?? digits;
  }

  /**
   * The storage id (64 hex digits) of the loaded package whose modules carry `moduleAddress`: the id of the
   * version that runs, which Sui names in an abort's location. The address itself when no package has it.
   */
  packageIdOf(moduleAddress: string): string {
    const digits = normalizeId(moduleAddress);
    let found: string | undefined;
    for (const [storageId, self] of this.packageAliases) if (self === digits) found = storageId;
    return found ?? digits;
  }

  /**
   * A type given from outside (a type argument, the type of a stored object) as the VM knows it: every
   * datatype by the original id its modules carry. Sui names a datatype by the id of any version of its
   * package that has it, and gives the defining id (a type added by an upgrade: that upgrade's storage id)
   * in effects and events; all of these are taken, as is the original id itself.
   */
  runtimeType(type: string | Type): Type {
    const parsed = typeof type === 'string' ? parseTypeTag(type) : type;
    const visit = (t: Type): Type => {
      switch (t.kind) {
        case 'vector': {
          const elem = visit(t.elem);
          return elem === t.elem ? t : { kind: 'vector', elem };
        }
        case 'ref': {
          const to = visit(t.to);
          return to === t.to ? t : { ...t, to };
        }
        case 'datatype': {
          const address =
            this.loader.originalIdOf(t.address, t.module, t.name) ??
            this.packageAliases.get(t.address) ??
            t.address;
          const args = t.args.map(visit);
          return address === t.address && args.every((a, i) => a === t.args[i]) ? t : { ...t, address, args };
        }
        default:
          return t;
      }
    };
    return visit(parsed);
  }

  /** Resolves the callee, or throws VmLoadError for a missing module or function. */
  function(packageId: string, module: string, name: string): LoadedFunction {
    const address = this.moduleAddress(packageId);
    const loaded = this.loader.module(address, module);
    if (!loaded) throw new VmLoadError(`module 0x${address}::${module} is not loaded`);
    const fn = loaded.function(name);
    if (!fn) throw new VmLoadError(`function 0x${address}::${module}::${name} does not exist`);
    return fn;
  }

  /**
   * Calls a function, whatever its visibility (like a dev-inspect), and returns its results as BCS.
   * Bad requests (unknown function, wrong argument count or bytes) throw VmLoadError; failures
   * of the code itself come back as `success: false`.
   */
  callFunction(request: CallRequest): CallResult {
    const fn = this.function(request.package, request.module, request.function);
    const typeArgs = (request.typeArgs ?? []).map((t) => this.checkedTypeArg(t));
    checkTypeArguments(this.loader, fn, typeArgs);
    const tx = request.tx instanceof TransactionState ? request.tx : new TransactionState(request.tx);
    const params = fn.params.map((p) => substitute(p, typeArgs));
    const args = this.argumentValues(fn, params, request.args ?? [], tx);
    const interpreter = new Interpreter(
      this.natives,
      { loader: this.loader, resolve: this.resolve, tx },
      this.onFunctionEnter,
    );
    try {
      const { returns, instructions } = interpreter.run(
        fn,
        typeArgs,
        [...args], // the interpreter turns its argument array into the frame's locals
        tx.gas,
        request.instructionLimit,
      );
      const returnTypes = fn.returns.map((r) => substitute(r, typeArgs));
      const returnValues = returns.map((value, i) => {
        const type = returnTypes[i]!;
        return encodeValue(type.kind === 'ref' ? type.to : type, value, this.resolve);
      });
      const mutatedReferences = params.flatMap((param, index) =>
        param.kind === 'ref' && param.mutable && index < (request.args ?? []).length
          ? [{ index, bytes: encodeValue(param.to, (args[index] as Ref).read(), this.resolve) }]
          : [],
      );
      return { success: true, returnValues, mutatedReferences, instructions, tx };
    } catch (error) {
      if (!(error instanceof VmError)) throw error;
      const failure: CallFailure = { status: error.status, message: error.message };
      if (error.code !== undefined) failure.code = error.code;
      if (error.location) failure.location = error.location;
      return { success: false, error: failure, tx };
    }
  }

  private checkedTypeArg(typeArg: string | Type): Type {
    const type = this.runtimeType(typeArg);
    const check = (t: Type): void => {
      if (t.kind === 'vector') check(t.elem);
      if (t.kind === 'datatype') {
        try {
          const def = this.loader.requireDatatype(t);
          if (def.typeParamCount !== t.args.length) {
            throw new VmLoadError(`${def.name} takes ${def.typeParamCount} type arguments`);
          }
        } catch (error) {
          if (error instanceof VmError) throw new VmLoadError(error.message);
          throw error;
        }
        t.args.forEach(check);
      }
      if (t.kind === 'param' || t.kind === 'ref')
        throw new VmLoadError('type arguments cannot be references');
    };
    check(type);
    return type;
  }

  private argumentValues(
    fn: LoadedFunction,
    params: Type[],
    args: Uint8Array[],
    tx: TransactionState,
  ): Value[] {
    const last = params[params.length - 1];
    const injectContext = args.length === params.length - 1 && last !== undefined && isTxContextRef(last);
    if (args.length !== params.length && !injectContext) {
      throw new VmLoadError(`${fn.name} takes ${params.length} arguments, got ${args.length}`);
    }
    const values = args.map((bytes, i) => {
      const param = params[i]!;
      const type = param.kind === 'ref' ? param.to : param;
      let value: Value;
      try {
        value = decodeValue(type, bytes, this.resolve);
      } catch (error) {
        throw new VmLoadError(`argument ${i} of ${fn.name}: ${(error as Error).message}`, { cause: error });
      }
      return param.kind === 'ref' ? boxedRef(value) : value;
    });
    if (injectContext) values.push(boxedRef(this.txContextValue(tx)));
    return values;
  }

  /** The Move `TxContext` struct for a transaction, field by field as its definition names them. */
  private txContextValue(tx: TransactionState): Struct {
    const def = this.loader.requireDatatype({ kind: 'datatype', ...TX_CONTEXT, args: [] });
    if (def.kind !== 'struct') throw new VmLoadError('TxContext is not a struct');
    const byName: Record<string, Value> = {
      sender: tx.sender,
      tx_hash: Array.from(tx.digest),
      epoch: tx.epoch,
      epoch_timestamp_ms: tx.epochTimestampMs,
      ids_created: tx.idsCreated,
    };
    return new Struct(
      def.fields.map((field) => {
        const value = byName[field.name];
        if (value === undefined) throw new VmLoadError(`unknown TxContext field ${field.name}`);
        return value;
      }),
    );
  }
}

function isTxContextRef(type: Type): boolean {
  return (
    type.kind === 'ref' &&
    type.to.kind === 'datatype' &&
    type.to.address === TX_CONTEXT.address &&
    type.to.module === TX_CONTEXT.module &&
    type.to.name === TX_CONTEXT.name
  );
}
