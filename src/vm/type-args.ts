// Type arguments checked against the called function before it runs, as Sui's loader checks them: as many as
// it has type parameters, each with the abilities its parameter requires (`public_transfer<u64>` is refused:
// u64 has no `key`). Without the check the call would run on values of the wrong shape.
import { VmLoadError } from './errors.js';
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

/** @throws TypeArgumentsRefused when `typeArgs` break `fn`'s type parameters' arity or constraints */
export function checkTypeArguments(loader: Loader, fn: LoadedFunction, typeArgs: readonly Type[]): void {
  const name = `${fn.module.name}::${fn.name}`;
  if (typeArgs.length !== fn.typeParamCount)
    throw new TypeArgumentsRefused(
      'TypeArityMismatch',
      `${name} takes ${fn.typeParamCount} type arguments, got ${typeArgs.length}`,
    );
  typeArgs.forEach((arg, index) => {
    const missing = (fn.typeParamConstraints[index] ?? 0) & ~loader.abilitiesOf(arg);
    if (missing)
      throw new TypeArgumentsRefused(
        'TypeArgumentError',
        `type argument ${index} of ${name} (${canonicalTypeName(arg)}) lacks ${abilityNames(missing)}: ` +
          'ConstraintNotSatisfied',
      );
  });
}
