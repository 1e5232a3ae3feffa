// Module-level name resolution: `use` aliases (with Sui's implicit ones), `Self`, addresses, and the
// lookup of a path to a module member.
import type { Loc, Name, NameAccessChain, UseDecl, UseFunDecl } from '../ast.js';
import { CODES } from '../codes.js';
import { moduleKey, type ModuleId } from '../types.js';
import type { PackageContext } from './context.js';
import { fullHex } from './context.js';

export interface MemberPath {
  module: ModuleId;
  name: string;
  loc: Loc;
}

/** A method alias from `use fun f as T.m`: the function it calls. */
export interface MethodAlias {
  module: ModuleId;
  name: string;
}

const STD = fullHex('1');
const SUI = fullHex('2');

/** Sui's implicit `use`s in every module (Move 2024). */
const IMPLICIT_MODULES: [string, string, string][] = [
  ['vector', STD, 'vector'],
  ['option', STD, 'option'],
  ['object', SUI, 'object'],
  ['transfer', SUI, 'transfer'],
  ['tx_context', SUI, 'tx_context'],
];
const IMPLICIT_MEMBERS: [string, string, string, string][] = [
  ['Option', STD, 'option', 'Option'],
  ['ID', SUI, 'object', 'ID'],
  ['UID', SUI, 'object', 'UID'],
  ['TxContext', SUI, 'tx_context', 'TxContext'],
];

export class ModuleScope {
  private readonly moduleAliases: Map<string, ModuleId>;
  private readonly memberAliases: Map<string, MemberPath>;
  /** `use fun` declarations in scope, by `typeKey` then method name. */
  private readonly methodAliases: Map<string, Map<string, MethodAlias>>;

  constructor(
    readonly ctx: PackageContext,
    readonly self: ModuleId,
    parent?: ModuleScope,
  ) {
    this.moduleAliases = new Map(parent?.moduleAliases);
    this.memberAliases = new Map(parent?.memberAliases);
    this.methodAliases = new Map([...(parent?.methodAliases ?? [])].map(([k, v]) => [k, new Map(v)]));
    if (!parent) {
      for (const [alias, address, name] of IMPLICIT_MODULES) this.moduleAliases.set(alias, { address, name });
      for (const [alias, address, module, name] of IMPLICIT_MEMBERS) {
        this.memberAliases.set(alias, {
          module: { address, name: module },
          name,
          loc: { file: '', start: 0, end: 0 },
        });
      }
    }
  }

  /** A scope for a block: its `use`s disappear at the block's end. */
  child(): ModuleScope {
    return new ModuleScope(this.ctx, this.self, this);
  }

  addUse(decl: UseDecl): void {
    for (const item of decl.items) {
      const address = this.ctx.addressOf(item.address);
      if (address === undefined) {
        this.reportUnboundAddress(item.address.kind === 'named' ? item.address.name : '?', item.address.loc);
        continue;
      }
      const module: ModuleId = { address, name: item.module.value };
      const sig = this.ctx.module(module);
      if (!sig) {
        this.ctx.report(
          CODES.unboundModule,
          span(item.address.loc, item.module.loc),
          `no module '${item.module.value}' at this address`,
        );
        continue;
      }
      if (item.kind === 'module') {
        this.moduleAliases.set((item.alias ?? item.module).value, module);
        continue;
      }
      const name = item.member.value;
      if (!sig.datatypes.has(name) && !sig.functions.has(name) && !sig.constants.has(name)) {
        this.ctx.report(
          CODES.unboundModuleMember,
          item.member.loc,
          `module '${module.name}' has no member '${name}'`,
        );
        continue;
      }
      this.memberAliases.set((item.alias ?? item.member).value, { module, name, loc: item.member.loc });
    }
  }

  addMethodAlias(typeKey: string, method: string, target: MethodAlias): void {
    let methods = this.methodAliases.get(typeKey);
    if (!methods) this.methodAliases.set(typeKey, (methods = new Map()));
    methods.set(method, target);
  }

  methodAlias(typeKey: string, method: string): MethodAlias | undefined {
    return this.methodAliases.get(typeKey)?.get(method);
  }

  /** `use fun` is resolved by its caller (it needs types); this only finds the function. */
  resolveUseFunTarget(decl: UseFunDecl): MemberPath | undefined {
    return this.resolveMember(decl.function);
  }

  memberAlias(name: string): MemberPath | undefined {
    return this.memberAliases.get(name);
  }

  moduleAlias(name: string): ModuleId | undefined {
    if (name === 'Self') return this.self;
    return this.moduleAliases.get(name);
  }

  /**
   * A path naming a module member: `x` (alias or this module's), `m::x`, `a::m::x`, `0x2::m::x`.
   * Reports and returns undefined when a module is unknown; whether the member exists is the
   * caller's question (it knows which kind it wants).
   */
  resolveMember(path: NameAccessChain): MemberPath | undefined {
    const parts = path.parts;
    const last = parts[parts.length - 1];
    if (!last) return undefined;
    if (path.address) {
      if (parts.length !== 2) return this.reportBadPath(path);
      return this.memberOf(
        { address: fullHex(path.address.value.toString(16)), name: parts[0]!.value },
        span(path.address.loc, parts[0]!.loc),
        last,
      );
    }
    if (parts.length === 1) {
      return this.memberAliases.get(last.value) ?? { module: this.self, name: last.value, loc: last.loc };
    }
    if (parts.length === 2) {
      const moduleName = parts[0]!;
      const module = this.moduleAlias(moduleName.value);
      if (!module) return this.reportUnresolvedLeadingName(moduleName);
      return { module, name: last.value, loc: last.loc };
    }
    if (parts.length === 3) {
      const addressName = parts[0]!;
      const address = this.ctx.namedAddress(addressName.value);
      if (address === undefined) return this.reportUnresolvedLeadingName(addressName);
      return this.memberOf({ address, name: parts[1]!.value }, span(addressName.loc, parts[1]!.loc), last);
    }
    return this.reportBadPath(path);
  }

  /** `modulePath`: the address and module name as written. */
  private memberOf(module: ModuleId, modulePath: Loc, member: Name): MemberPath | undefined {
    if (!this.ctx.module(module)) {
      this.ctx.report(
        CODES.unboundModule,
        modulePath,
        `no module '${module.name}' at 0x${trimAddress(module.address)}`,
      );
      return undefined;
    }
    return { module, name: member.value, loc: member.loc };
  }

  /** Move 2024: a path whose first name is no module alias nor address resolves to nothing (E03006). */
  private reportUnresolvedLeadingName(name: Name): undefined {
    this.ctx.report(
      CODES.namePositionMismatch,
      name.loc,
      `could not resolve the name '${name.value}': it is neither a module alias ('use') nor a named address`,
    );
    return undefined;
  }

  private reportUnboundAddress(name: string, loc: Loc): void {
    this.ctx.report(
      CODES.unboundModule,
      loc,
      `'${name}' is not a named address of this package or its dependencies`,
    );
  }

  private reportBadPath(path: NameAccessChain): undefined {
    this.ctx.report(CODES.namePositionMismatch, path.loc, 'this path does not name a module member');
    return undefined;
  }
}

/** From the start of `first` to the end of `last` (same file). */
function span(first: Loc, last: Loc): Loc {
  return { file: first.file, start: first.start, end: last.end };
}

export function trimAddress(address: string): string {
  return address.replace(/^0+(?=.)/, '');
}

export function sameModule(a: ModuleId, b: ModuleId): boolean {
  return moduleKey(a) === moduleKey(b);
}
