// `smi-bench extract`: the interface JSON of one package, like the upstream extractor's --emit-bytecode-json.
import { resolve } from 'node:path';
import { extractPackageInterface, formatInterfaceJson } from '../move/index.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import type { CliIO } from './run-phase1.js';

export interface ExtractCliOptions {
  bytecodePackageDir: string;
  packageId?: string;
  includeEnums: boolean;
  out: string;
}

export async function runExtract(opts: ExtractCliOptions, io: CliIO): Promise<number> {
  const iface = await extractPackageInterface(resolve(opts.bytecodePackageDir), {
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
