// Entry point of the checker: the package's source modules -> typed IR, reporting into the bag.
import type { Attribute, ConstantDecl, ModuleDecl, SourceFile, UseFunDecl } from '../ast.js';
import { CODES } from '../codes.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { TModule } from '../tir.js';
import { moduleKey, type ModuleId } from '../types.js';
import { foldConstants } from './constants.js';
import { checkRecursiveStructs } from './cycles.js';
import { declareModule, resolveModuleSignatures } from './decls.js';
import type { DependencyEnv } from './deps.js';
import { PackageContext } from './context.js';
import { checkFunction } from './function.js';
import { ModuleScope } from './scope.js';
import type { ModuleSig } from './signatures.js';
import type { FunctionEnv } from './function-context.js';
import { checkEntrySignature } from './sui-entry.js';
import { checkInit, checkWitnessDeclaration } from './sui-init.js';
import { SourceText } from './source-text.js';

export interface CheckInput {
  files: SourceFile[];
  /** Named address -> hex (the package's own name may map to 0x0). */
  addresses: Record<string, string>;
  dependencies: DependencyEnv;
  bag: DiagnosticBag;
}

interface ModuleEntry {
  decl: ModuleDecl;
  id: ModuleId;
  sig: ModuleSig;
  scope: ModuleScope;
}

export function checkPackage(input: CheckInput): TModule[] {
  const ctx = new PackageContext(input.dependencies, input.addresses, input.bag);
  const source = new SourceText(input.files);
  const entries: ModuleEntry[] = [];
  for (const file of input.files) {
    for (const decl of file.modules) {
      const address = ctx.addressOf(decl.address);
      if (address === undefined) {
        ctx.report(
          CODES.addressWithoutValue,
          decl.address.loc,
          `named address '${decl.address.kind === 'named' ? decl.address.name : ''}' has no value; add it to [addresses]`,
        );
        continue;
      }
      const id = { address, name: decl.name.value };
      if (ctx.sources.has(moduleKey(id))) {
        ctx.report(CODES.duplicateItem, decl.name.loc, `module '${decl.name.value}' is declared twice`);
        continue;
      }
      const sig = declareModule(ctx, id, decl);
      ctx.sources.set(moduleKey(id), sig);
      entries.push({ decl, id, sig, scope: new ModuleScope(ctx, id) });
    }
  }
  for (const entry of entries) {
    for (const member of entry.decl.members) if (member.kind === 'use') entry.scope.addUse(member);
  }
  const datatypes = entries.map((entry) => resolveModuleSignatures(entry.scope, entry.sig, entry.decl));
  entries.forEach((entry, i) => checkRecursiveStructs(entry.scope, entry.decl, datatypes[i]!.structs));
  for (const entry of entries) {
    for (const member of entry.decl.members) {
      if (member.kind === 'use_fun') addUseFun(entry.scope, member);
      // Macros exist only in source: expanded at their calls, never generated.
      if (member.kind === 'function' && member.isMacro) ctx.macros.add(entry.id, member);
    }
  }
  const modules: TModule[] = entries.map((entry, i) => ({
    id: entry.id,
    loc: entry.decl.loc,
    structs: datatypes[i]!.structs,
    enums: datatypes[i]!.enums,
    constants: foldConstants(
      entry.scope,
      entry.sig,
      entry.decl.members.filter((m): m is ConstantDecl => m.kind === 'constant'),
    ),
    functions: [],
    friends: [],
  }));
  const friendsOf = new Map<string, Map<string, ModuleId>>();
  entries.forEach((entry, i) => {
    const witness = checkWitnessDeclaration(entry.scope, entry.decl);
    const moduleInTest = isTestCode(entry.decl.attributes);
    for (const member of entry.decl.members) {
      if (member.kind !== 'function') continue;
      const sig = entry.sig.functions.get(member.name.value);
      if (!sig) continue;
      if (member.isMacro) continue;
      const entryLoc = member.entryLoc;
      if (member.name.value === 'init') checkInit(entry.scope, member, sig, entryLoc, witness, entry.decl);
      else if (entryLoc) checkEntrySignature(entry.scope, member, sig, entryLoc);
      const env: FunctionEnv = {
        source,
        inTest: moduleInTest || isTestCode(member.attributes),
        ...(witness?.valid ? { oneTimeWitness: witness.name } : {}),
      };
      const checked = checkFunction(entry.scope, member, sig, env);
      modules[i]!.functions.push(checked.fn);
      for (const callee of checked.packageCalls) {
        if (callee === moduleKey(entry.id)) continue;
        let friends = friendsOf.get(callee);
        if (!friends) friendsOf.set(callee, (friends = new Map()));
        friends.set(moduleKey(entry.id), entry.id);
      }
    }
  });
  for (const module of modules) module.friends = [...(friendsOf.get(moduleKey(module.id))?.values() ?? [])];
  return modules;
}

/** `use fun path::f as Type.method;` at module level: the receiver type's key and the function. */
function addUseFun(scope: ModuleScope, decl: UseFunDecl): void {
  const target = scope.resolveUseFunTarget(decl);
  if (!target) return;
  if (!scope.ctx.module(target.module)?.functions.has(target.name)) {
    scope.ctx.report(
      CODES.unboundModuleMember,
      decl.function.loc,
      `module '${target.module.name}' has no function '${target.name}'`,
    );
    return;
  }
  const typeKey = useFunTypeKey(scope, decl);
  if (!typeKey) return;
  const alias = { module: target.module, name: target.name };
  scope.addMethodAlias(typeKey, decl.method.value, alias);
  if (decl.isPublic) scope.ctx.addPublicUseFun(typeKey, decl.method.value, alias);
}

const TEST_ATTRIBUTES = new Set(['test', 'test_only', 'random_test']);

function isTestCode(attributes: Attribute[]): boolean {
  return attributes.some((a) => TEST_ATTRIBUTES.has(a.name.value));
}

const PRIMITIVE_KEYS = new Set(['vector', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'bool']);

function useFunTypeKey(scope: ModuleScope, decl: UseFunDecl): string | undefined {
  const parts = decl.type.parts;
  if (!decl.type.address && parts.length === 1 && PRIMITIVE_KEYS.has(parts[0]!.value)) return parts[0]!.value;
  const member = scope.resolveMember(decl.type);
  if (!member) return undefined;
  if (!scope.ctx.datatype(member.module, member.name)) {
    scope.ctx.report(CODES.unboundType, decl.type.loc, `unbound type '${member.name}'`);
    return undefined;
  }
  return `${member.module.address}::${member.module.name}::${member.name}`;
}
