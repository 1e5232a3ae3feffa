// The checker: source AST -> typed IR, with dependencies read from bytecode.
export { checkPackage } from './package.js';
export type { CheckInput } from './package.js';
export { DependencyEnv, loadDependencies } from './deps.js';
export type { DependencySource } from './deps.js';
