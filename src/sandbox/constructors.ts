// Functions that can build a struct from made-up arguments (upstream's ConstructorMap, spec §4.3), and the
// one-time witnesses a `TreasuryCap` can be created with.
import { ABILITY, type LoadedFunction, type LoadedModule, type Loader } from '../vm/loader.js';
import type { DatatypeType, Type } from '../vm/types.js';

const MOVE_STDLIB = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';

/**
 * Framework structs whose first made-up constructor cannot build them, with the one that can:
 * `ascii::try_string` returns an `Option<String>` whatever `Option<T>` is wanted, and `object::id_from_bytes`
 * of the made-up empty vector always aborts (`id_from_address` of `@0x0` is a valid ID).
 */
const FRAMEWORK_CONSTRUCTORS = new Map([
  [`${MOVE_STDLIB}::option::Option`, 'none'],
  [`${SUI}::object::ID`, 'id_from_address'],
]);

export function isFrameworkType(type: DatatypeType, module: string, name: string): boolean {
  return type.address === SUI && type.module === module && type.name === name;
}

/** `&TxContext` / `&mut TxContext`. */
export function isTxContextRef(type: Type): boolean {
  return (
    type.kind === 'ref' && type.to.kind === 'datatype' && isFrameworkType(type.to, 'tx_context', 'TxContext')
  );
}

export function isClockRef(type: Type): boolean {
  return type.kind === 'ref' && type.to.kind === 'datatype' && isFrameworkType(type.to, 'clock', 'Clock');
}

/** Primitives, vectors of them, TxContext and Clock references, type parameters: what needs no object. */
export function isSynthesizableParam(type: Type): boolean {
  if (type.kind === 'vector') return isSynthesizableParam(type.elem);
  if (type.kind === 'ref') return isTxContextRef(type) || isClockRef(type);
  return type.kind !== 'datatype';
}

const key = (t: { address: string; module: string; name: string }) => `${t.address}::${t.module}::${t.name}`;

/**
 * Public functions whose first result is a struct, by struct (type arguments ignored), in module order then
 * declaration order: those whose parameters can all be made up (upstream's ConstructorMap), and the others,
 * whose struct parameters must be built first (chains). Upstream also counts `public(package)` functions; a
 * transaction cannot call those, so they are left out here.
 */
export class ConstructorMap {
  private readonly direct = new Map<string, Signature[]>();
  private readonly chained = new Map<string, Signature[]>();

  constructor(private readonly loader: Loader) {
    // Signatures only: preparing the code of every framework function for each package would cost more than
    // the package's own work. Constructors are loaded when used.
    for (const module of sortedModules(loader)) {
      module.json.function_defs.forEach((def, defIndex) => {
        if (def.visibility !== 'Public') return;
        const handle = module.json.function_handles[def.function]!;
        const first = module.signature(handle.return_)[0];
        if (first?.kind !== 'datatype') return;
        const params = module.signature(handle.parameters);
        const direct = params.every(isSynthesizableParam);
        const name = module.identifier(handle.name);
        // Chains use upstream's MM2 rule: a constructor is named after what it builds.
        if (!direct && !namedAfter(name, module.name, first)) return;
        const map = direct ? this.direct : this.chained;
        const list = map.get(key(first)) ?? [];
        list.push({ module, defIndex, params, typeParamCount: handle.type_parameters.length });
        map.set(key(first), list);
      });
    }
    // MM2's order: simplest first, by 10 per parameter that is not made up and 2 per type parameter (stable).
    for (const list of this.chained.values()) list.sort((a, b) => complexity(a) - complexity(b));
  }

  /** The first constructor of the struct that needs nothing but made-up values. */
  first(type: DatatypeType): LoadedFunction | undefined {
    const framework = FRAMEWORK_CONSTRUCTORS.get(key(type));
    const own = framework && this.loader.module(type.address, type.module)?.function(framework);
    if (own) return own;
    const found = this.direct.get(key(type))?.[0];
    return found && found.module.functionAt(found.defIndex);
  }

  /** Constructors of the struct that take other structs, for chains, at most `limit` of them. */
  needingStructs(type: DatatypeType, limit: number): LoadedFunction[] {
    return (this.chained.get(key(type)) ?? []).slice(0, limit).map((s) => s.module.functionAt(s.defIndex));
  }
}

/** What the map needs of a function before it is loaded. */
interface Signature {
  module: LoadedModule;
  defIndex: number;
  params: Type[];
  typeParamCount: number;
}

export const structKey = key;

const pascalCase = (snake: string) =>
  snake
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `new_foo` / `create_foo` build `Foo`; `new` / `create` / `init` build the struct named after the module. */
function namedAfter(name: string, module: string, struct: DatatypeType): boolean {
  const prefixed = /^(?:new|create)_(.+)$/.exec(name);
  if (prefixed) return pascalCase(prefixed[1]!) === struct.name;
  return ['new', 'create', 'init'].includes(name) && pascalCase(module) === struct.name;
}

function complexity(fn: Signature): number {
  return 10 * fn.params.filter((p) => !isSynthesizableParam(p)).length + 2 * fn.typeParamCount;
}

/** Modules in upstream's ModuleId order: address bytes, then name. */
export function sortedModules(loader: Loader) {
  return loader
    .allModules()
    .sort((a, b) => (a.address === b.address ? compare(a.name, b.name) : compare(a.address, b.address)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A one-time witness's shape: named as its module in upper case, only `drop`, no type parameters, one bool. */
export function isOtwShaped(loader: Loader, type: Type): boolean {
  if (type.kind !== 'datatype' || type.args.length > 0 || type.name !== type.module.toUpperCase())
    return false;
  try {
    const def = loader.requireDatatype(type);
    return (
      def.kind === 'struct' &&
      def.abilities === ABILITY.drop &&
      def.typeParamCount === 0 &&
      def.fields.length === 1 &&
      def.fields[0]!.type.kind === 'bool'
    );
  } catch {
    return false;
  }
}

/**
 * Binds a function's type parameters so that `pattern` (a signature type) equals `actual`; parameters left
 * unbound become u64, as upstream instantiates every type parameter.
 */
export function bindTypeParams(pattern: Type, actual: Type, count: number): Type[] {
  const bound: (Type | undefined)[] = new Array(count).fill(undefined);
  const walk = (p: Type, a: Type): void => {
    if (p.kind === 'param') bound[p.index] ??= a;
    else if (p.kind === 'vector' && a.kind === 'vector') walk(p.elem, a.elem);
    else if (p.kind === 'ref' && a.kind === 'ref') walk(p.to, a.to);
    else if (p.kind === 'datatype' && a.kind === 'datatype')
      p.args.forEach((arg, i) => a.args[i] && walk(arg, a.args[i]));
  };
  walk(pattern, actual);
  return bound.map((t) => t ?? { kind: 'u64' });
}
