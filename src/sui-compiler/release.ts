// The compiler that judges every build: Sui's own `move-compiler`, built to WASM and published on npm
// as `@zktx.io/sui-move-builder`. Pinned in package.json; a test checks these names against the WASM.

export const SUI_COMPILER_PACKAGE = '@zktx.io/sui-move-builder';
export const SUI_COMPILER_PACKAGE_VERSION = '0.5.1';
/** The Sui release whose compiler the package carries. */
export const SUI_RELEASE = 'mainnet-v1.71.1';

/** One line for `--help`, `doctor` and the docs. */
export const SUI_COMPILER_LABEL = `Sui's compiler of ${SUI_RELEASE} (${SUI_COMPILER_PACKAGE}@${SUI_COMPILER_PACKAGE_VERSION})`;
