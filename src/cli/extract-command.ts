// `smi-bench extract`: the interface JSON of one package, like the upstream extractor's --emit-bytecode-json.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { extractPackageInterface, formatInterfaceJson } from '../move/index.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export interface ExtractCliOptions {
  bytecodePackageDir?: string;
  packageId?: string;
  includeEnums: boolean;
  out: string;
}

// Checked here so a wrong path is named as such, not reported as a file missing inside it.
async function requirePackageFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info === null) throw new UsageError(`package folder ${dir} does not exist`);
  if (!info.isDirectory()) {
    throw new UsageError(
      `${dir} is not a folder: --bytecode-package-dir takes the package folder that holds metadata.json and bytecode_modules/`,
    );
  }
}

export async function runExtract(opts: ExtractCliOptions, io: CliIO): Promise<number> {
  if (opts.bytecodePackageDir === undefined)
    throw new UsageError(
      'extract needs --bytecode-package-dir DIR (one package) or --bytecode-corpus-root DIR --out-dir DIR (a corpus)',
    );
  const dir = resolve(opts.bytecodePackageDir);
  await requirePackageFolder(dir);
  const iface = await extractPackageInterface(dir, {
    includeEnums: opts.includeEnums,
    ...(opts.packageId ? { packageId: opts.packageId } : {}),
  });
  const text = formatInterfaceJson(iface);
  if (opts.out === '-') process.stdout.write(text);
  else {
    await atomicWriteFile(resolve(opts.out), text);
    io.log(`wrote ${resolve(opts.out)}`);
  }
  return 0;
}
