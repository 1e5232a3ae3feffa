// The state of checking one function body: locals and their scopes, loops, the inference
// substitution, and checks that wait for types to be known.
import type { Loc, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TLocal } from '../tir.js';
import type { Abilities, ModuleId, Type } from '../types.js';
import { showType, Substitution } from './infer.js';
import { resolveType, type TypeParamScope } from './resolve-type.js';
import type { ModuleScope } from './scope.js';
import type { SourceText } from './source-text.js';

/** What a body's checks need to know about the module and the function around it. */
export interface FunctionEnv {
  source: SourceText;
  /** This module's one-time witness, when it declares a valid one (packing it is refused). */
  oneTimeWitness?: string;
  /** `#[test]` / `#[test_only]` code may call `init` and create a one-time witness. */
  inTest: boolean;
}

/** A `let x;` without `mut`: Sui lets it be assigned once on each path, never in a loop it is outside of. */
interface DeferredInit {
  loopDepth: number;
}

export interface LoopFrame {
  id: number;
  label?: string;
  isLoop: boolean;
  /** The joined type of `break` values (loops only). */
  breakType?: Type;
}

export interface PendingConstraint {
  type: Type;
  required: Abilities;
  loc: Loc;
  /** What asks for it, for the message. */
  reason: string;
}

/** A call whose Sui rules need the final type arguments (private transfer, event emit). */
export interface PendingSuiCall {
  module: ModuleId;
  name: string;
  typeArgs: Type[];
  loc: Loc;
}

export class FunctionContext {
  readonly subst = new Substitution();
  readonly locals: TLocal[] = [];
  readonly loops: LoopFrame[] = [];
  readonly pending: PendingConstraint[] = [];
  readonly suiCalls: PendingSuiCall[] = [];
  /** Modules of this package whose `public(package)` functions this body calls (they list us as friend). */
  readonly packageCalls = new Set<string>();
  /** Unsuffixed and suffixed number literals, encoded once their type is final. */
  readonly numbers = new Map<TExp, bigint>();
  /** Locals declared by `let x;` (no value, no `mut`), and where each was first assigned on this path. */
  private readonly deferredInits = new Map<number, DeferredInit>();
  private assignments = new Map<number, Loc>();
  private readonly scopes: Map<string, number>[] = [new Map()];
  /** The calls of the macros being expanded, outermost first: aborts in them take the first one's line. */
  readonly macroSites: Loc[] = [];
  /** Expansions so far, to give each one's locals their own names. */
  macroExpansions = 0;
  private nextLoop = 0;

  constructor(
    public scope: ModuleScope,
    readonly typeParams: TypeParamScope,
    readonly returnType: Type,
    readonly env: FunctionEnv,
  ) {}

  get ctx() {
    return this.scope.ctx;
  }

  declareLocal(name: string, loc: Loc, type: Type, isMut: boolean): number {
    const index = this.locals.length;
    this.locals.push({ name, loc, type, isMut });
    this.scopes[this.scopes.length - 1]!.set(name, index);
    return index;
  }

  /** A local the source cannot name, holding a temporary that must be borrowed (`&f()`, `f().x`). */
  declareTemporary(loc: Loc, type: Type): number {
    const index = this.locals.length;
    this.locals.push({ name: `%temp${index}`, loc, type, isMut: true });
    return index;
  }

  markDeferredInit(local: number): void {
    this.deferredInits.set(local, { loopDepth: this.loops.length });
  }

  /**
   * Checks an assignment to a local declared without `mut`: allowed only as the first assignment of a
   * `let x;` on this path, outside any loop entered after the `let`.
   */
  checkImmutableAssign(local: number, loc: Loc): void {
    const info = this.locals[local]!;
    const deferred = this.deferredInits.get(local);
    const declared = { loc: info.loc, message: `Declare it as 'mut ${info.name}' to change it` };
    if (!deferred) {
      this.ctx.report(
        CODES.invalidImmVariableUsage,
        loc,
        `'${info.name}' is not declared 'mut', so it cannot be assigned`,
        [declared],
      );
      return;
    }
    const earlier = this.assignments.get(local);
    if (this.loops.length > deferred.loopDepth) {
      this.ctx.report(
        CODES.invalidImmVariableUsage,
        loc,
        `'${info.name}' is not declared 'mut' and is assigned here in a loop, so possibly many times`,
        [declared],
      );
    } else if (earlier) {
      this.ctx.report(
        CODES.invalidImmVariableUsage,
        loc,
        `'${info.name}' is not declared 'mut' and was already assigned`,
        [declared, { loc: earlier, message: 'It was first assigned here' }],
      );
    }
    if (!earlier) this.assignments.set(local, loc);
  }

  /** Runs the branches of an `if`: each starts from the assignments made before it; afterwards, either may have run. */
  inBranches<T>(branches: (() => T)[]): T[] {
    const before = this.assignments;
    const after = new Map<number, Loc>();
    const results = branches.map((branch) => {
      this.assignments = new Map(before);
      const result = branch();
      for (const [local, loc] of this.assignments) if (!after.has(local)) after.set(local, loc);
      return result;
    });
    this.assignments = after;
    return results;
  }

  lookupLocal(name: string): number | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const index = this.scopes[i]!.get(name);
      if (index !== undefined) return index;
    }
    return undefined;
  }

  /** Runs `body` in a nested block: its locals and `use`s end with it. */
  inBlock<T>(body: () => T): T {
    const outerScope = this.scope;
    this.scope = outerScope.child();
    this.scopes.push(new Map());
    try {
      return body();
    } finally {
      this.scopes.pop();
      this.scope = outerScope;
    }
  }

  pushLoop(isLoop: boolean, label?: string): LoopFrame {
    const frame: LoopFrame = { id: this.nextLoop++, isLoop, ...(label !== undefined ? { label } : {}) };
    this.loops.push(frame);
    return frame;
  }

  popLoop(): void {
    this.loops.pop();
  }

  /** A type written in the body; `_` asks for inference. */
  resolveTypeAst(ast: TypeAst): Type {
    if (
      ast.kind === 'apply' &&
      !ast.path.address &&
      ast.path.parts.length === 1 &&
      ast.path.parts[0]!.value === '_'
    ) {
      return this.subst.fresh();
    }
    if (
      ast.kind === 'apply' &&
      ast.typeArgs.some((a) => a.kind === 'apply' && a.path.parts[0]?.value === '_')
    ) {
      // `vector<_>` and friends: resolve the head, then put fresh variables where `_` was written.
      const resolved = resolveType(this.scope, this.typeParams, {
        ...ast,
        typeArgs: ast.typeArgs.map(() => unitTypeAst(ast.loc)),
      });
      const args = ast.typeArgs.map((a) => this.resolveTypeAst(a));
      if (resolved.kind === 'vector') return { kind: 'vector', elem: args[0]! };
      if (resolved.kind === 'datatype') return { ...resolved, args };
      return resolved;
    }
    return resolveType(this.scope, this.typeParams, ast);
  }

  requireAbilities(type: Type, required: Abilities, loc: Loc, reason: string): void {
    if (required) this.pending.push({ type, required, loc, reason });
  }

  /**
   * Checks that `exp` fits where `expected` is wanted and returns it, frozen when a `&mut` is used as
   * `&`. Reports E04006 for a mutability mismatch of references and E04007 otherwise.
   */
  expect(exp: TExp, expected: Type, what: string, at?: Loc): TExp {
    const subst = this.subst;
    if (!subst.subtype(exp.type, expected)) {
      this.reportMismatch(at ?? exp.loc, exp.type, expected, what, at ? exp.loc : undefined);
      return exp;
    }
    const actual = subst.shallow(exp.type);
    const wanted = subst.shallow(expected);
    if (actual.kind === 'ref' && actual.isMut && wanted.kind === 'ref' && !wanted.isMut) {
      return { kind: 'freeze', loc: exp.loc, type: wanted, exp };
    }
    return exp;
  }

  /** `valueLoc`: where the mismatched value is, when the primary label sits elsewhere (as Sui places it). */
  reportMismatch(loc: Loc, actual: Type, expected: Type, what: string, valueLoc?: Loc): void {
    const a = this.subst.resolve(actual);
    const e = this.subst.resolve(expected);
    const mutability = a.kind === 'ref' && e.kind === 'ref' && !a.isMut && e.isMut;
    this.ctx.report(
      mutability ? CODES.subtypeError : CODES.joinError,
      loc,
      `${what}: expected '${showType(e)}', found '${showType(a)}'`,
      valueLoc ? [{ loc: valueLoc, message: `This has type '${showType(a)}'` }] : [],
    );
  }

  errorExp(loc: Loc): TExp {
    return { kind: 'unit', loc, type: this.subst.errorType() };
  }
}

function unitTypeAst(loc: Loc): TypeAst {
  return { kind: 'tuple', loc, elems: [] };
}
