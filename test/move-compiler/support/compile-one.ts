// Compiling a package of source files as the helper package, and reading positions as Sui prints them.
import { compilePackage, type CompileResult } from '../../../src/move-compiler/compile.js';
import type { DependencyEnv } from '../../../src/move-compiler/check/deps.js';

/** 1-based line and column of a UTF-8 byte offset, as Sui prints them. */
export function lineAndColumn(text: string, byteOffset: number): { line: number; column: number } {
  const lines = Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** Compiles `files` as the package `helper` at address 0x0. */
export function compileHelper(
  files: { path: string; text: string }[],
  dependencies: DependencyEnv,
): CompileResult {
  return compilePackage({ packageName: 'helper', addresses: { helper: '0x0' }, files, dependencies });
}
