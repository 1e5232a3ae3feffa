// The package being checked: its named addresses, the modules it declares, its dependencies and the
// diagnostics it collects.
import type { AddressRef, Loc } from '../ast.js';
import type { DiagnosticCode } from '../codes.js';
import type { DiagnosticBag, Label } from '../diagnostics.js';
import { moduleKey, type ModuleId } from '../types.js';
import type { DependencyEnv } from './deps.js';
import { MacroRegistry } from './macro-registry.js';
import type { MethodAlias } from './scope.js';
import type { DatatypeSig, ModuleSig } from './signatures.js';

const ALWAYS_NAMED: Record<string, string> = { std: '1', sui: '2', sui_system: '3' };

export function fullHex(digits: string): string {
  return digits.toLowerCase().replace(/^0x/, '').padStart(64, '0');
}

export class PackageContext {
  /** Modules declared by the package's sources, by `address::name`. */
  readonly sources = new Map<string, ModuleSig>();
  private readonly named = new Map<string, string>();
  /** `public use fun`s of the package's modules, by receiver type key then method: visible in every module. */
  private readonly publicUseFuns = new Map<string, MethodAlias>();
  /** The package's `macro fun`s and the bundled std ones. */
  readonly macros = new MacroRegistry();

  constructor(
    readonly deps: DependencyEnv,
    addresses: Record<string, string>,
    readonly bag: DiagnosticBag,
  ) {
    for (const [name, value] of Object.entries(ALWAYS_NAMED)) this.named.set(name, fullHex(value));
    for (const [name, value] of Object.entries(addresses)) this.named.set(name, fullHex(value));
  }

  report(
    code: DiagnosticCode,
    loc: Loc,
    message: string,
    secondary: Label[] = [],
    notes: string[] = [],
  ): void {
    this.bag.add(code, { loc, message }, secondary, notes);
  }

  namedAddress(name: string): string | undefined {
    return this.named.get(name);
  }

  /** A named address may be left without a value: the package's own is then 0x0, as before publishing. */
  addressOf(ref: AddressRef): string | undefined {
    return ref.kind === 'numeric' ? fullHex(ref.value.toString(16)) : this.namedAddress(ref.name);
  }

  module(id: ModuleId): ModuleSig | undefined {
    return this.sources.get(moduleKey(id)) ?? this.deps.module(id);
  }

  isSourceModule(id: ModuleId): boolean {
    return this.sources.has(moduleKey(id));
  }

  addPublicUseFun(typeKey: string, method: string, target: MethodAlias): void {
    this.publicUseFuns.set(`${typeKey}.${method}`, target);
  }

  publicUseFun(typeKey: string, method: string): MethodAlias | undefined {
    return this.publicUseFuns.get(`${typeKey}.${method}`);
  }

  datatype(module: ModuleId, name: string): DatatypeSig | undefined {
    return this.module(module)?.datatypes.get(name);
  }
}
