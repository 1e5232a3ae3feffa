// One package from source text to verified module bytes: parse, check, generate, verify, serialize.
// Each stage runs only when the previous one found no error, as Sui's compiler stops after a failing pass.
import type { ModuleJson } from '../move/module-json.js';
import { serializeModule } from '../move/module-json.js';
import type { DependencyEnv } from './check/deps.js';
import { checkPackage } from './check/index.js';
import { generateModule } from './codegen/index.js';
import { CODES } from './codes.js';
import { DiagnosticBag, type Diagnostic } from './diagnostics.js';
import { parseFile } from './parser/index.js';
import { withoutTestItems } from './test-items.js';
import { moduleKey, type ModuleId } from './types.js';
import { reportVerifierErrors } from './verifier-diagnostics.js';
import { verifyModule } from './verifier/index.js';

export interface CompileRequest {
  /** `[package] name` of Move.toml. */
  packageName: string;
  /** Named addresses (Move.toml `[addresses]`, `target_pkg`, ...): name to hex. */
  addresses: Record<string, string>;
  /** Source files, paths as diagnostics should print them (`sources/m.move`). */
  files: { path: string; text: string }[];
  /** The compiled modules the package may use. */
  dependencies: DependencyEnv;
}

export interface CompiledModule {
  name: string;
  bytes: Uint8Array;
  json: ModuleJson;
}

export interface CompileResult {
  /** Empty when any error was reported. */
  modules: CompiledModule[];
  /** Errors and warnings in source order. */
  diagnostics: Diagnostic[];
}

export function compilePackage(request: CompileRequest): CompileResult {
  const bag = new DiagnosticBag();
  const failed = (): CompileResult => ({ modules: [], diagnostics: bag.sorted() });

  const sources = request.files.map((file) => withoutTestItems(parseFile(file.path, file.text, bag)));
  if (bag.hasErrors) return failed();
  const typed = checkPackage({
    files: sources,
    addresses: request.addresses,
    dependencies: request.dependencies,
    bag,
  });
  if (bag.hasErrors) return failed();

  const dependencyModules = request.dependencies.compiledModules();
  const generated = [];
  for (const module of typed) {
    try {
      generated.push({
        module,
        ...generateModule(module, { packageModules: typed, dependencies: dependencyModules }),
      });
    } catch (error) {
      // A generator crash is our bug, not the program's: say so at the module, as a diagnostic the
      // caller shows (the CLI, a model's feedback), rather than as a stack trace or a lost package.
      if (!(error instanceof Error)) throw error;
      bag.add(CODES.compilerBug, {
        loc: module.loc,
        message: `internal compiler error while generating bytecode: ${error.message}. This is a bug of smi-bench's compiler, not of the program.`,
      });
    }
  }
  if (bag.hasErrors) return failed();
  const own = new Map(generated.map((g) => [moduleKey(g.module.id), g.json]));
  const lookup = (address: string, name: string): ModuleJson | undefined => {
    const id: ModuleId = { address, name };
    return own.get(moduleKey(id)) ?? request.dependencies.compiledModule(id);
  };
  for (const g of generated) {
    reportVerifierErrors(verifyModule(g.json, lookup), g.sourceMap, bag, g.module.loc);
  }
  if (bag.hasErrors) return failed();
  return {
    modules: generated.map((g) => ({ name: g.module.id.name, bytes: serializeModule(g.json), json: g.json })),
    diagnostics: bag.sorted(),
  };
}
