// Probe helpers for stub selection, generated from the framework's bytecode (and the stubs' table of what
// only source carries: primitive-defining modules, `public use fun` aliases, index functions), never from
// Sui's sources, so the generator is independent of the oracle it is checked against.
//
// For every public function callable with method syntax (its first parameter is T, &T or &mut T of a type
// its module defines, or of the primitive its module defines) and every alias and index function, a probe
// calls it as a method on a value whose defining module the probe never names: a primitive comes from a
// literal (`@0x5.to_bytes()`), a datatype from a public function of another module that returns one
// (`sui::coin::balance<A>(&any()).value()`). Arguments are `any()` (a function of the probe that aborts),
// whose type Sui infers from the signature, so no argument names a type either (index syntax takes no type
// arguments, so its keys and result are typed). Type parameters get the probe's own `A` (copy, drop,
// store) or `K` (key, store). A body ends in `abort 0`, so values left in locals need no `drop`. A method
// whose receiver no other module hands out, or whose probe would spell the module's name (which keeps the
// module by name), is probed in a second program on a value typed by name. One program per defining module
// and kind: its probes are separate functions, so Sui reports each failing call on its own line and no
// failure hides another.
import type { Ability, InterfaceFunction, InterfaceJson, MoveType } from '../../src/core/types.js';
import { addressDigits } from '../../src/move/address.js';
import { buildInterface } from '../../src/move/interface.js';
import { deserializeModule } from '../../src/move/module-json.js';
import { FRAMEWORK_ANNOTATIONS } from '../../src/move-stubs/framework-annotations.js';
import { moveIdentifier } from '../../src/move-stubs/move-identifier.js';
import type { PackageBytes } from '../../src/vm/package-bytes.js';

/** A type with no type parameter left: the probe's own `A`/`K` are datatypes at address `self`. */
type Concrete = MoveType;

const OWN_A: Concrete = { kind: 'datatype', address: 'self', module: '', name: 'A', type_args: [] };
const OWN_K: Concrete = { kind: 'datatype', address: 'self', module: '', name: 'K', type_args: [] };
const OWN_ABILITIES: Record<string, Ability[]> = { A: ['copy', 'drop', 'store'], K: ['key', 'store'] };

export interface MethodProbe {
  /** `0x2::balance::value`, or `0x2::coin::Coin.split_vec` for an alias, `…[]` for index syntax. */
  method: string;
  /** 1-based line of the call in the program's source. */
  line: number;
}

export interface ProbeProgram {
  /** `0x2::balance`: the module whose methods it calls and which it never names. */
  definingModule: string;
  path: string;
  text: string;
  probes: MethodProbe[];
}

export interface ProbeSet {
  /** Probes that never name the defining module. */
  programs: ProbeProgram[];
  /**
   * The methods on types whose values only their own module gives out (a helper holding one has named
   * the module): each called on a value the probe types by name, which checks the stubs' signatures,
   * aliases and index functions against Sui's, not the selection.
   */
  named: ProbeProgram[];
  /** Why each method of `named` has no probe in `programs`. */
  unreachable: { method: string; why: string }[];
}

interface Method {
  module: string;
  address: string;
  /** The name called: the function's, or the alias's. */
  call: string;
  label: string;
  fn: InterfaceFunction;
  index: boolean;
}

interface Producer {
  address: string;
  module: string;
  name: string;
  fn: InterfaceFunction;
}

const short = (address: string) => `0x${addressDigits(address).replace(/^0+(?=.)/, '')}`;
const PRIMITIVES = new Set(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'vector']);

export function methodProbes(framework: readonly PackageBytes[]): ProbeSet {
  const interfaces = framework.map((pkg) =>
    buildInterface(
      pkg.modules.map((m) => deserializeModule(m.bytes, m.label)),
      pkg.id,
      { includeEnums: true },
    ),
  );
  const abilities = datatypeAbilities(interfaces);
  const producers = publicFunctions(interfaces);
  const byModule = new Map<string, Method[]>();
  for (const method of methods(interfaces)) {
    const key = `${short(method.address)}::${method.module}`;
    byModule.set(key, [...(byModule.get(key) ?? []), method]);
  }
  const set: ProbeSet = { programs: [], named: [], unreachable: [] };
  for (const [definingModule, list] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    const bodies: Body[] = [];
    const named: Body[] = [];
    for (const method of list) {
      const body = probeBody(method, producers, abilities, false);
      if (typeof body !== 'string') {
        bodies.push({ method: method.label, lines: body });
        continue;
      }
      set.unreachable.push({ method: method.label, why: body });
      named.push({ method: method.label, lines: probeBody(method, producers, abilities, true) as string[] });
    }
    if (bodies.length > 0) set.programs.push(program(definingModule, 'probe', bodies));
    if (named.length > 0) set.named.push(program(definingModule, 'named', named));
  }
  return set;
}

interface Body {
  method: string;
  lines: string[];
}

function program(definingModule: string, kind: string, bodies: readonly Body[]): ProbeProgram {
  const name = `${kind}_${definingModule.replace('::', '_').replace(/^0x/, '')}`;
  const lines = [
    `module probes::${name};`,
    '',
    'public struct A has copy, drop, store {}',
    'public struct K has key, store { id: UID }',
    '',
    'fun any<T>(): T { abort 0 }',
  ];
  const probes: MethodProbe[] = [];
  bodies.forEach((body, i) => {
    // No comment names the method: a word in a comment counts as naming a module.
    lines.push('', `public fun p${i}() {`);
    for (const statement of body.lines.slice(0, -1)) lines.push(`    ${statement}`);
    lines.push(`    ${body.lines[body.lines.length - 1]!}`);
    probes.push({ method: body.method, line: lines.length });
    lines.push('    abort 0', '}');
  });
  return { definingModule, path: `sources/${name}.move`, text: `${lines.join('\n')}\n`, probes };
}

/** Every method-call form the framework offers: own functions, `public use fun` aliases, index syntax. */
function* methods(interfaces: readonly InterfaceJson[]): Generator<Method> {
  for (const iface of interfaces)
    for (const [module, mod] of Object.entries(iface.modules)) {
      const annotations = FRAMEWORK_ANNOTATIONS.get(`${short(iface.package_id)}::${module}`) ?? {};
      const base = { module, address: iface.package_id };
      for (const [name, fn] of Object.entries(mod.functions))
        if (fn.visibility === 'public' && receiverIsOwn(fn, iface.package_id, module, annotations))
          yield {
            ...base,
            call: name,
            label: `${short(iface.package_id)}::${module}::${name}`,
            fn,
            index: false,
          };
      for (const alias of annotations.methodAliases ?? []) {
        const [targetModule, targetName] = alias.target.split('::') as [string, string];
        const fn = iface.modules[targetModule]?.functions[targetName];
        if (fn?.visibility !== 'public') continue;
        const label = `${short(iface.package_id)}::${module}::${alias.type}.${alias.method}`;
        yield { ...base, call: alias.method, label, fn, index: false };
      }
      for (const name of annotations.indexFunctions ?? []) {
        const fn = mod.functions[name];
        if (fn?.visibility !== 'public' || fn.params[0]?.kind !== 'ref' || fn.params[0].mutable) continue;
        yield {
          ...base,
          call: name,
          label: `${short(iface.package_id)}::${module}::${name}[]`,
          fn,
          index: true,
        };
      }
    }
}

const baseOf = (type: MoveType): MoveType => (type.kind === 'ref' ? type.to : type);

function receiverIsOwn(
  fn: InterfaceFunction,
  address: string,
  module: string,
  annotations: { definesPrimitive?: string },
): boolean {
  const first = fn.params[0];
  if (!first) return false;
  const base = baseOf(first);
  if (base.kind === 'datatype') return base.address === address && base.module === module;
  return base.kind !== 'type_param' && base.kind === annotations.definesPrimitive;
}

function publicFunctions(interfaces: readonly InterfaceJson[]): Producer[] {
  const all: Producer[] = [];
  for (const iface of interfaces)
    for (const [module, mod] of Object.entries(iface.modules))
      for (const [name, fn] of Object.entries(mod.functions))
        if (fn.visibility === 'public') all.push({ address: iface.package_id, module, name, fn });
  // Fewest parameters first, then by name: a stable, simple choice of producer.
  return all.sort(
    (a, b) =>
      a.fn.params.length - b.fn.params.length ||
      `${a.module}::${a.name}`.localeCompare(`${b.module}::${b.name}`),
  );
}

function datatypeAbilities(interfaces: readonly InterfaceJson[]): Map<string, Ability[]> {
  const found = new Map<string, Ability[]>();
  for (const iface of interfaces)
    for (const [module, mod] of Object.entries(iface.modules))
      for (const [name, def] of [...Object.entries(mod.structs), ...Object.entries(mod.enums ?? {})])
        found.set(`${iface.package_id}::${module}::${name}`, def.abilities);
  return found;
}

/** The statements of one probe (the call last), or why the method cannot be reached without naming. */
function probeBody(
  method: Method,
  producers: readonly Producer[],
  abilities: ReadonlyMap<string, Ability[]>,
  naming: boolean,
): string[] | string {
  const typeArgs = method.fn.type_params.map((p) => (p.constraints.includes('key') ? OWN_K : OWN_A));
  const receiverParam = method.fn.params[0]!;
  const receiver = substitute(baseOf(receiverParam), typeArgs);
  const needs = receiverParam.kind === 'ref' ? (receiverParam.mutable ? 'mut' : 'ref') : 'value';
  const binding = naming
    ? [namedReceiver(receiver, needs)]
    : bindReceiver(receiver, needs, method, producers, abilities);
  if (typeof binding === 'string') return binding;
  if (method.index) {
    // Index syntax takes no type arguments: the key and the result are typed instead.
    const keys = method.fn.params.slice(1).map((p) => typedAny(substitute(p, typeArgs)));
    const result = typeText(substitute(method.fn.returns[0]!, typeArgs));
    const line = `let _y: ${result} = &r[${keys.join(', ')}];`;
    if (!naming && spells(line, method.module)) return 'the index spells the module name';
    return [...binding, line];
  }
  const args = method.fn.params.slice(1).map(anyArgument);
  const explicit = typeArgs.length > 0 ? `<${typeArgs.map(typeText).join(', ')}>` : '';
  const call = `r.${moveIdentifier(method.call)}${explicit}(${args.join(', ')})`;
  if (!naming && spells(call, method.module)) return 'the call spells the module name';
  return [...binding, `${results(method.fn.returns.length)}${call};`];
}

const spells = (text: string, word: string) => new RegExp(`\\b${word}\\b`).test(text);

function results(count: number): string {
  if (count === 0) return '';
  if (count === 1) return 'let _y = ';
  return `let (${Array.from({ length: count }, (_, i) => `_y${i}`).join(', ')}) = `;
}

function typedAny(param: Concrete): string {
  if (param.kind !== 'ref') return `any<${typeText(param)}>()`;
  return `${param.mutable ? '&mut ' : '&'}any<${typeText(param.to)}>()`;
}

function anyArgument(param: MoveType): string {
  if (param.kind !== 'ref') return 'any()';
  return param.mutable ? '&mut any()' : '&any()';
}

/** `let r: T = any();`, `&T`, `&mut T`: a receiver typed by name. */
function namedReceiver(receiver: Concrete, needs: 'value' | 'ref' | 'mut'): string {
  if (needs === 'value') return `let r: ${typeText(receiver)} = any();`;
  const ref = needs === 'mut' ? '&mut ' : '&';
  return `let r: ${ref}${typeText(receiver)} = ${ref}any();`;
}

/** `let r = …;` giving a value of `receiver` as the method needs it, without naming its module. */
function bindReceiver(
  receiver: Concrete,
  needs: 'value' | 'ref' | 'mut',
  method: Method,
  producers: readonly Producer[],
  abilities: ReadonlyMap<string, Ability[]>,
): string[] | string {
  const mut = needs === 'mut' ? 'mut ' : '';
  if (receiver.kind !== 'datatype') {
    const literal = primitiveLiteral(receiver);
    return literal ? [`let ${mut}r = ${literal};`] : `no literal of ${typeText(receiver)}`;
  }
  for (const producer of producers) {
    if (producer.module === method.module && producer.address === method.address) continue;
    const made = producerCall(producer, receiver, needs, abilities);
    // The module's name as a word (a producer `coin::balance` for `balance`, or a type written out)
    // would keep the module by name: such a probe would not check what reaches it by type.
    if (made && !spells(made.call, method.module)) return [`let ${made.pattern} = ${made.call};`];
  }
  return `no public function of another module returns ${typeText(receiver)}`;
}

function primitiveLiteral(type: Concrete): string | null {
  if (type.kind === 'address') return '@0x5';
  if (type.kind === 'bool') return 'true';
  if (type.kind === 'vector') return `vector<${typeText(type.type)}>[]`;
  if (PRIMITIVES.has(type.kind)) return `0${type.kind}`;
  return null;
}

function producerCall(
  producer: Producer,
  receiver: Concrete,
  needs: 'value' | 'ref' | 'mut',
  abilities: ReadonlyMap<string, Ability[]>,
): { pattern: string; call: string } | null {
  const returns = producer.fn.returns;
  for (let i = 0; i < returns.length; i++) {
    const returned = returns[i]!;
    if (baseOf(returned).kind === 'type_param') continue;
    const kind = returned.kind === 'ref' ? (returned.mutable ? 'mut' : 'ref') : 'value';
    if (needs === 'value' && kind !== 'value') continue;
    if (needs === 'mut' && kind === 'ref') continue;
    const bound: (Concrete | undefined)[] = producer.fn.type_params.map(() => undefined);
    if (!unify(baseOf(returned), receiver, bound)) continue;
    const typeArgs = producer.fn.type_params.map(
      (p, j) => bound[j] ?? (p.constraints.includes('key') ? OWN_K : OWN_A),
    );
    const satisfied = producer.fn.type_params.every((p, j) =>
      p.constraints.every((c) => abilitiesOf(typeArgs[j]!, abilities).includes(c)),
    );
    if (!satisfied) continue;
    const explicit = typeArgs.length > 0 ? `<${typeArgs.map(typeText).join(', ')}>` : '';
    const call = `${short(producer.address)}::${producer.module}::${moveIdentifier(producer.name)}${explicit}(${producer.fn.params.map(anyArgument).join(', ')})`;
    const r = needs === 'mut' && kind === 'value' ? 'mut r' : 'r';
    const names = returns.map((_, j) => (j === i ? r : `_x${j}`));
    const pattern = names.length === 1 ? r : `(${names.join(', ')})`;
    return { pattern, call };
  }
  return null;
}

function abilitiesOf(type: Concrete, abilities: ReadonlyMap<string, Ability[]>): Ability[] {
  if (type.kind === 'datatype')
    return type.address === 'self'
      ? OWN_ABILITIES[type.name]!
      : (abilities.get(`${type.address}::${type.module}::${type.name}`) ?? []);
  if (type.kind === 'vector') return abilitiesOf(type.type, abilities).filter((a) => a !== 'key');
  return ['copy', 'drop', 'store'];
}

function substitute(type: MoveType, args: readonly Concrete[]): Concrete {
  switch (type.kind) {
    case 'type_param':
      return args[type.index]!;
    case 'vector':
      return { kind: 'vector', type: substitute(type.type, args) };
    case 'ref':
      return { ...type, to: substitute(type.to, args) };
    case 'datatype':
      return { ...type, type_args: type.type_args.map((t) => substitute(t, args)) };
    default:
      return type;
  }
}

/** Whether `pattern` (with type parameters) matches `concrete`, binding the parameters in `bound`. */
function unify(pattern: MoveType, concrete: Concrete, bound: (Concrete | undefined)[]): boolean {
  if (pattern.kind === 'type_param') {
    const already = bound[pattern.index];
    if (already) return sameType(already, concrete);
    bound[pattern.index] = concrete;
    return true;
  }
  if (pattern.kind !== concrete.kind) return false;
  if (pattern.kind === 'vector') return unify(pattern.type, (concrete as typeof pattern).type, bound);
  if (pattern.kind === 'ref') return false;
  if (pattern.kind === 'datatype') {
    const other = concrete as typeof pattern;
    return (
      pattern.address === other.address &&
      pattern.module === other.module &&
      pattern.name === other.name &&
      pattern.type_args.every((t, i) => unify(t, other.type_args[i]!, bound))
    );
  }
  return true;
}

const sameType = (a: Concrete, b: Concrete) => typeText(a) === typeText(b);

function typeText(type: Concrete): string {
  switch (type.kind) {
    case 'vector':
      return `vector<${typeText(type.type)}>`;
    case 'ref':
      return `&${type.mutable ? 'mut ' : ''}${typeText(type.to)}`;
    case 'type_param':
      return `T${type.index}`;
    case 'datatype': {
      const args = type.type_args.length > 0 ? `<${type.type_args.map(typeText).join(', ')}>` : '';
      const path =
        type.address === 'self' ? type.name : `${short(type.address)}::${type.module}::${type.name}`;
      return `${path}${args}`;
    }
    default:
      return type.kind;
  }
}
