// Type arguments checked against the called function before it runs, as Sui's loader checks them: as many as
// it has type parameters, each with the abilities its parameter requires (`public_transfer<u64>` is refused:
// u64 has no `key`). Without the check the call would run on values of the wrong shape.
import { VmError, VmLoadError } from './errors.js';
import { ABILITY, type LoadedFunction, type Loader } from './loader.js';
import { canonicalTypeName, type Type } from './types.js';

/** Sui's `ExecutionFailureStatus` for type arguments a function cannot take. */
export type TypeArgumentStatus = 'TypeArityMismatch' | 'TypeArgumentError';

export class TypeArgumentsRefused extends VmLoadError {
  constructor(
    readonly status: TypeArgumentStatus,
    message: string,
  ) {
    super(message);
  }
}

const abilityNames = (mask: number) =>
  Object.entries(ABILITY)
    .filter(([, bit]) => mask & bit)
    .map(([name]) => name)
    .join(', ');

/** The refusal of `arg` as type argument `index` of `owner` when it lacks abilities of `required`, or null. */
function unmetConstraint(
  loader: Loader,
  owner: string,
  index: number,
  arg: Type,
  required: number,
): TypeArgumentsRefused | null {
  const missing = required & ~loader.abilitiesOf(arg);
  if (!missing) return null;
  return new TypeArgumentsRefused(
    'TypeArgumentError',
    `type argument ${index} of ${owner} (${canonicalTypeName(arg)}) lacks ${abilityNames(missing)}: ` +
      'ConstraintNotSatisfied',
  );
}

/**
 * Why `type` is not a type Sui's loader would build, or null: a datatype that does not exist
 * (`TypeNotFound`), one given the wrong number of type arguments, or a type argument lacking an ability its
 * datatype's parameter requires (`Table<K, V>` needs `K: copy + drop + store`), at any depth.
 */
function malformed(loader: Loader, type: Type): TypeArgumentsRefused | null {
  if (type.kind === 'vector') return malformed(loader, type.elem);
  if (type.kind !== 'datatype') return null;
  const name = `${type.module}::${type.name}`;
  let def;
  try {
    def = loader.requireDatatype(type);
  } catch (error) {
    if (!(error instanceof VmError)) throw error;
    return new TypeArgumentsRefused(
      'TypeArgumentError',
      `${canonicalTypeName(type)} does not exist: TypeNotFound`,
    );
  }
  if (type.args.length !== def.typeParamCount)
    return new TypeArgumentsRefused(
      'TypeArityMismatch',
      `${name} takes ${def.typeParamCount} type arguments, got ${type.args.length}`,
    );
  for (const [index, arg] of type.args.entries()) {
    const refused =
      malformed(loader, arg) ??
      unmetConstraint(loader, name, index, arg, def.typeParamConstraints[index] ?? 0);
    if (refused) return refused;
  }
  return null;
}

/** @throws TypeArgumentsRefused when `typeArgs` are not well-formed types or break `fn`'s type parameters */
export function checkTypeArguments(loader: Loader, fn: LoadedFunction, typeArgs: readonly Type[]): void {
  const name = `${fn.module.name}::${fn.name}`;
  if (typeArgs.length !== fn.typeParamCount)
    throw new TypeArgumentsRefused(
      'TypeArityMismatch',
      `${name} takes ${fn.typeParamCount} type arguments, got ${typeArgs.length}`,
    );
  typeArgs.forEach((arg, index) => {
    const refused =
      malformed(loader, arg) ??
      unmetConstraint(loader, name, index, arg, fn.typeParamConstraints[index] ?? 0);
    if (refused) throw refused;
  });
}
