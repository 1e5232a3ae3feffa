// Move.toml names its dependencies, but this compiler takes them as compiled modules from a corpus: the
// framework always, and one more package when a target is given. A dependency it cannot stand for is an
// error of the manifest, said before anything is compiled, rather than a surprise `unbound module` later.

/** The framework packages by the names Sui's own Move.toml files give them. */
const FRAMEWORK_PACKAGES = ['MoveStdlib', 'Sui', 'SuiSystem'];

/**
 * The dependencies of `names` that the build cannot provide. Framework names are always provided; with a
 * target, one other dependency stands for it (its name is the package's own, which bytecode does not keep).
 */
export function unprovidedDependencies(names: string[], hasTarget: boolean): string[] {
  const others = [...new Set(names.filter((name) => !FRAMEWORK_PACKAGES.includes(name)))];
  return hasTarget ? others.slice(1) : others;
}

export function unprovidedDependencyMessage(missing: string[], hasTarget: boolean): string {
  const list = missing.join(', ');
  const plural = missing.length === 1 ? 'dependency' : 'dependencies';
  const known = `${FRAMEWORK_PACKAGES.join(', ')}${hasTarget ? ' and the --target package' : ''}`;
  return (
    `Move.toml names the ${plural} ${list}, which this build cannot provide: dependencies are compiled ` +
    `packages from the corpus (${known}); ${hasTarget ? 'remove it' : 'give --target ID for the package it stands for, or remove it'}`
  );
}
