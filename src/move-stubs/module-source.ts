// One compiled module written back as a Move 2024 source stub: every struct and enum as declared, every
// function with its visibility and exact signature and `abort 0` for a body (natives stay native), and
// whatever the framework's source adds to the module (see module-extras.ts). Private and package functions
// are kept although no other package can call them: a helper that tries is told so by Sui (E04001, the
// function's visibility), not that the function does not exist. Only `init` is left out.
import type { FieldDefinition, FunctionDefinition, ModuleJson } from '../move/module-json.js';
import type { ModuleExtras } from './module-extras.js';
import { moveIdentifier } from './move-identifier.js';
import { abilityClause, typeParameterList, TypeWriter } from './type-text.js';

const INDENT = '    ';

const VISIBILITY: Record<FunctionDefinition['visibility'], string[]> = {
  Public: ['public'],
  Friend: ['public(package)'],
  Private: [],
};

export function moduleSource(module: ModuleJson, namedAddress: string, extras: ModuleExtras): string {
  return new ModuleWriter(module, namedAddress, extras).write();
}

class ModuleWriter {
  private readonly types: TypeWriter;

  constructor(
    private readonly module: ModuleJson,
    private readonly namedAddress: string,
    private readonly extras: ModuleExtras,
  ) {
    this.types = new TypeWriter(module);
  }

  write(): string {
    const self = this.module.module_handles[this.module.self_module_handle_idx]!;
    const members = [
      ...this.extras.methodAliases.map(
        (a) => `public use fun ${a.target} as ${a.type}.${moveIdentifier(a.method)};`,
      ),
      ...this.module.struct_defs.map((_, index) => this.struct(index)),
      ...this.module.enum_defs.map((_, index) => this.enum(index)),
      ...this.module.function_defs.filter((def) => !this.isInit(def)).map((def) => this.function(def)),
    ];
    const header = [
      ...(this.extras.definesPrimitive ? [`#[defines_primitive(${this.extras.definesPrimitive})]\n`] : []),
      ...(this.extras.deprecatedModule === null ? [] : [`${deprecated(this.extras.deprecatedModule)}\n`]),
    ].join('');
    const body = [
      ...members.map((member) => indent(member)),
      ...this.extras.macroSources.map((s) => s.trim()),
    ];
    const name = moveIdentifier(this.identifier(self.name));
    return `${header}module ${this.namedAddress}::${name} {\n${body.map((b) => `${INDENT}${b}`).join('\n\n')}\n}\n`;
  }

  private struct(index: number): string {
    const def = this.module.struct_defs[index]!;
    const handle = this.module.datatype_handles[def.struct_handle]!;
    const name = this.identifier(handle.name);
    if (def.field_information === 'Native')
      throw new Error(`struct ${name} is native: Move 2024 cannot declare it`);
    const head = `public struct ${moveIdentifier(name)}${this.datatypeParameters(def.struct_handle)}`;
    const fields = def.field_information.Declared;
    const abilities = abilityClause(handle.abilities);
    if (isPositional(fields, this.module)) return `${head}(${this.positional(fields)})${abilities};`;
    return `${head}${abilities} {${this.named(fields)}}`;
  }

  private enum(index: number): string {
    const def = this.module.enum_defs[index]!;
    const handle = this.module.datatype_handles[def.enum_handle]!;
    const variants = def.variants.map((variant) => {
      const name = moveIdentifier(this.identifier(variant.variant_name));
      if (variant.fields.length === 0) return name;
      if (isPositional(variant.fields, this.module)) return `${name}(${this.positional(variant.fields)})`;
      return `${name} {${this.named(variant.fields)}}`;
    });
    const head = `public enum ${moveIdentifier(this.identifier(handle.name))}${this.datatypeParameters(def.enum_handle)}`;
    const lines = variants.map((variant) => `${INDENT}${indent(variant)},`);
    return `${head}${abilityClause(handle.abilities)} {\n${lines.join('\n')}\n}`;
  }

  private function(def: FunctionDefinition): string {
    const handle = this.module.function_handles[def.function]!;
    const name = this.identifier(handle.name);
    const isNative = def.code === undefined || def.code === null;
    const deprecation = this.extras.deprecatedFunctions.get(name);
    const attributes = [
      ...(deprecation === undefined ? [] : [deprecated(deprecation)]),
      ...(this.extras.indexFunctions.has(name) ? ['#[syntax(index)]'] : []),
      ...(isNative && this.extras.bytecodeInstructions.has(name) ? ['#[bytecode_instruction]'] : []),
    ];
    const params = this.types.signature(handle.parameters).map((type, i) => `_p${i}: ${type}`);
    const returns = this.types.signature(handle.return_);
    const returnText =
      returns.length === 0 ? '' : `: ${returns.length === 1 ? returns[0] : `(${returns.join(', ')})`}`;
    const modifiers = [
      ...VISIBILITY[def.visibility],
      ...(def.is_entry ? ['entry'] : []),
      ...(isNative ? ['native'] : []),
      'fun',
    ];
    const typeParams = typeParameterList(handle.type_parameters.map((constraints) => ({ constraints })));
    const signature = `${modifiers.join(' ')} ${moveIdentifier(name)}${typeParams}(${params.join(', ')})${returnText}`;
    return [...attributes, isNative ? `${signature};` : `${signature} { abort 0 }`].join('\n');
  }

  /** `init` runs once, at publish, and nothing may call it: a stub has no use for it. */
  private isInit(def: FunctionDefinition): boolean {
    const handle = this.module.function_handles[def.function]!;
    return def.visibility === 'Private' && this.identifier(handle.name) === 'init';
  }

  private datatypeParameters(handleIndex: number): string {
    const params = this.module.datatype_handles[handleIndex]!.type_parameters;
    return typeParameterList(params.map((p) => ({ constraints: p.constraints, isPhantom: p.is_phantom })));
  }

  private positional(fields: readonly FieldDefinition[]): string {
    return fields.map((field) => this.types.type(field.signature)).join(', ');
  }

  private named(fields: readonly FieldDefinition[]): string {
    const lines = fields.map(
      (field) =>
        `${INDENT}${moveIdentifier(this.identifier(field.name))}: ${this.types.type(field.signature)},`,
    );
    return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
  }

  private identifier(index: number): string {
    const name = this.module.identifiers[index];
    if (name === undefined) throw new Error(`identifier index ${index} out of range`);
    return name;
  }
}

/** Sui warns (W04037) where another module uses what carries it, with the note. */
const deprecated = (note: string) => `#[deprecated(note = b"${note}")]`;

/** Positional fields are named `pos0`, `pos1`, … in bytecode. */
function isPositional(fields: readonly FieldDefinition[], module: ModuleJson): boolean {
  return fields.length > 0 && fields.every((field, i) => module.identifiers[field.name] === `pos${i}`);
}

/** Indents every line after the first, for a member placed at one level of nesting. */
function indent(text: string): string {
  return text.replaceAll('\n', `\n${INDENT}`);
}
