// Dependencies as the checker sees them: signatures read from compiled modules (never from source).
import type {
  DatatypeHandle,
  DatatypeTypeParameter,
  FieldDefinition,
  ModuleJson,
  SignatureToken,
  Visibility,
} from '../../move/module-json.js';
import { deserializeModule, PRIMITIVE_KINDS } from '../../move/module-json.js';
import {
  corpusPackageDir,
  readFrameworkOnce,
  readPackageDir,
  type PackageBytes,
} from '../../vm/package-source.js';
import { moduleKey, type ModuleId, type Type } from '../types.js';
import {
  emptyModuleSig,
  type DatatypeSig,
  type FieldSig,
  type FunctionVisibility,
  type ModuleSig,
} from './signatures.js';

const VISIBILITIES: Record<Visibility, FunctionVisibility> = {
  Public: 'public',
  Friend: 'package',
  Private: 'private',
};

/** The modules a package may use, by `address::name` (address as 64 hex digits). */
export class DependencyEnv {
  private readonly modules = new Map<string, ModuleSig>();
  /** The compiled modules themselves: the code generator and the verifier read handles from them. */
  private readonly compiled = new Map<string, ModuleJson>();

  constructor(modules: Iterable<ModuleJson> = []) {
    for (const module of modules) this.add(module);
  }

  /** Adds (or replaces) one compiled module. */
  add(module: ModuleJson): void {
    const sig = moduleSigOf(module);
    this.modules.set(moduleKey(sig.id), sig);
    this.compiled.set(moduleKey(sig.id), module);
  }

  /** A new environment with this one's modules and `modules` (this one is left as it is). */
  extendedWith(modules: Iterable<ModuleJson>): DependencyEnv {
    const extended = new DependencyEnv();
    for (const [key, sig] of this.modules) extended.modules.set(key, sig);
    for (const [key, module] of this.compiled) extended.compiled.set(key, module);
    for (const module of modules) extended.add(module);
    return extended;
  }

  compiledModule(id: ModuleId): ModuleJson | undefined {
    return this.compiled.get(moduleKey(id));
  }

  compiledModules(): ModuleJson[] {
    return [...this.compiled.values()];
  }

  module(id: ModuleId): ModuleSig | undefined {
    return this.modules.get(moduleKey(id));
  }
}

function moduleIdAt(module: ModuleJson, handleIndex: number): ModuleId {
  const handle = module.module_handles[handleIndex]!;
  return { address: module.address_identifiers[handle.address]!, name: module.identifiers[handle.name]! };
}

function moduleSigOf(module: ModuleJson): ModuleSig {
  const id = moduleIdAt(module, module.self_module_handle_idx);
  const sig = emptyModuleSig(id);
  const ident = (index: number) => module.identifiers[index]!;
  const typeOf = (token: SignatureToken, names: string[]): Type => tokenToType(module, token, names);
  const datatypeParamNames = (params: DatatypeTypeParameter[]) => params.map((_, i) => `T${i}`);
  const fieldsOf = (fields: FieldDefinition[], names: string[]): FieldSig[] =>
    fields.map((field) => ({ name: ident(field.name), type: typeOf(field.signature, names) }));
  /** The parts of a datatype's signature that structs and enums share, read from its handle. */
  const datatypeHeader = (handle: DatatypeHandle) => ({
    module: id,
    name: ident(handle.name),
    abilities: handle.abilities,
    typeParams: handle.type_parameters.map((p) => ({
      constraints: p.constraints,
      isPhantom: p.is_phantom,
    })),
  });

  for (const def of module.struct_defs) {
    const handle = module.datatype_handles[def.struct_handle]!;
    const names = datatypeParamNames(handle.type_parameters);
    const declared = def.field_information === 'Native' ? null : def.field_information.Declared;
    const fields = declared ? fieldsOf(declared, names) : null;
    const struct: DatatypeSig = {
      kind: 'struct',
      ...datatypeHeader(handle),
      fields,
      isPositional: fields !== null && fields.length > 0 && fields.every((f, i) => f.name === `pos${i}`),
    };
    sig.datatypes.set(struct.name, struct);
  }
  for (const def of module.enum_defs) {
    const handle = module.datatype_handles[def.enum_handle]!;
    const names = datatypeParamNames(handle.type_parameters);
    sig.datatypes.set(ident(handle.name), {
      kind: 'enum',
      ...datatypeHeader(handle),
      variants: def.variants.map((v) => ({ name: ident(v.variant_name), fields: fieldsOf(v.fields, names) })),
    });
  }
  for (const def of module.function_defs) {
    const handle = module.function_handles[def.function]!;
    const names = handle.type_parameters.map((_, i) => `T${i}`);
    const name = ident(handle.name);
    sig.functions.set(name, {
      module: id,
      name,
      visibility: VISIBILITIES[def.visibility],
      isEntry: def.is_entry,
      typeParams: handle.type_parameters.map((constraints, i) => ({ name: names[i]!, constraints })),
      params: module.signatures[handle.parameters]!.map((t) => typeOf(t, names)),
      returns: module.signatures[handle.return_]!.map((t) => typeOf(t, names)),
    });
  }
  return sig;
}

function tokenToType(module: ModuleJson, token: SignatureToken, paramNames: string[]): Type {
  if (typeof token === 'string') return { kind: 'prim', name: PRIMITIVE_KINDS[token]! };
  if ('Vector' in token) return { kind: 'vector', elem: tokenToType(module, token.Vector, paramNames) };
  if ('Reference' in token)
    return { kind: 'ref', isMut: false, inner: tokenToType(module, token.Reference, paramNames) };
  if ('MutableReference' in token) {
    return { kind: 'ref', isMut: true, inner: tokenToType(module, token.MutableReference, paramNames) };
  }
  if ('TypeParameter' in token) {
    return {
      kind: 'param',
      index: token.TypeParameter,
      name: paramNames[token.TypeParameter] ?? `T${token.TypeParameter}`,
    };
  }
  const [handleIndex, args] = 'Datatype' in token ? [token.Datatype, []] : token.DatatypeInstantiation;
  const handle = module.datatype_handles[handleIndex]!;
  return {
    kind: 'datatype',
    module: moduleIdAt(module, handle.module),
    name: module.identifiers[handle.name]!,
    args: args.map((arg) => tokenToType(module, arg, paramNames)),
  };
}

export interface DependencySource {
  /** A corpus in the sui-packages layout (the framework is read from it unless `frameworkDir` is given). */
  corpusRoot?: string;
  /** A directory of package directories holding at least 0x1 and 0x2. */
  frameworkDir?: string;
  /** Further packages of the corpus, by id. */
  packageIds?: string[];
}

/**
 * Environments built by this process. A worker compiles many packages over one framework: the framework is
 * read and indexed once per framework source (kept for the process), and each target's environment extends
 * it with the target's packages (the last few kept, as attempts at one package follow each other).
 */
const frameworks = new Map<string, Promise<DependencyEnv>>();
const environments = new Map<string, Promise<DependencyEnv>>();
const ENVIRONMENTS_KEPT = 8;

/** The cached promise under `key`, made by `build` when missing; a failed build is forgotten so a call retries. */
function cached(
  cache: Map<string, Promise<DependencyEnv>>,
  key: string,
  build: () => Promise<DependencyEnv>,
  kept = Infinity,
): Promise<DependencyEnv> {
  let env = cache.get(key);
  if (!env) {
    if (cache.size >= kept) cache.delete(cache.keys().next().value!);
    env = build();
    cache.set(key, env);
    env.catch(() => cache.delete(key));
  }
  return env;
}

/** The framework (0x1, 0x2, 0x3) plus the listed corpus packages, read and indexed once per process and source. */
export function loadDependencies(source: DependencySource): Promise<DependencyEnv> {
  const frameworkKey = JSON.stringify([source.corpusRoot ?? '', source.frameworkDir ?? '']);
  const framework = () => cached(frameworks, frameworkKey, () => buildFramework(source));
  const corpusRoot = source.corpusRoot;
  const packageIds = [...(source.packageIds ?? [])].sort();
  if (corpusRoot === undefined || packageIds.length === 0) return framework();
  const key = JSON.stringify([frameworkKey, packageIds]);
  return cached(
    environments,
    key,
    async () => {
      const [base, packages] = await Promise.all([
        framework(),
        Promise.all(packageIds.map((id) => readPackageDir(corpusPackageDir(corpusRoot, id)))),
      ]);
      return base.extendedWith(modulesOf(packages));
    },
    ENVIRONMENTS_KEPT,
  );
}

const modulesOf = (packages: PackageBytes[]): ModuleJson[] =>
  packages.flatMap((pkg) => pkg.modules.map((file) => deserializeModule(file.bytes, file.label)));

async function buildFramework(source: DependencySource): Promise<DependencyEnv> {
  return new DependencyEnv(modulesOf(await readFrameworkOnce(source)));
}
