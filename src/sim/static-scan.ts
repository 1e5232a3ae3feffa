// The static scan for a request. Without a package directory only the plan's own transfer calls count.
import { loadPackageBytecode, type PackageBytecode } from './package-bytecode.js';
import { staticCreatedTypes } from './static-created.js';
import type { SimulationRequest } from './types.js';

export async function scanStaticTypes(
  request: Pick<SimulationRequest, 'packageDir' | 'spec'>,
): Promise<string[]> {
  const noBytecode: PackageBytecode = {
    address: '',
    storageId: '',
    modules: new Map(),
    definingIds: new Map(),
  };
  const pkg = request.packageDir ? await loadPackageBytecode(request.packageDir) : noBytecode;
  return staticCreatedTypes(pkg, request.spec);
}
