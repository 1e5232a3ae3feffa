// The process's VM pool takes the limits its entry point gives, from the SMI_VM_* settings, and refuses
// other limits once it runs rather than ignoring them. Defaults from the README: the cores, 512 MB, 60 s.
import { afterAll, describe, expect, it } from 'vitest';
import { readProcessConfig } from '../../src/config/process-config.js';
import { configureVmPool, vmPool, vmPoolOptions } from '../../src/vm-pool/pool.js';

afterAll(() => vmPool().close());

describe('the process’s VM pool', () => {
  it('has the limits the settings say', () => {
    expect(vmPoolOptions(readProcessConfig({}))).toEqual({ maxHeapMb: 512, timeoutMs: 60_000 });
    const given = { SMI_VM_THREADS: '3', SMI_VM_HEAP_MB: '96', SMI_VM_TIMEOUT_SECONDS: '7' };
    expect(vmPoolOptions(readProcessConfig(given))).toEqual({ size: 3, maxHeapMb: 96, timeoutMs: 7000 });
  });

  it('takes its limits before its first use, the same again after it, and refuses others then', () => {
    const limits = vmPoolOptions(readProcessConfig({ SMI_VM_HEAP_MB: '96' }));
    configureVmPool(limits);
    vmPool();
    expect(() => configureVmPool({ ...limits })).not.toThrow();
    expect(() => configureVmPool({ ...limits, maxHeapMb: 128 })).toThrow(
      'the VM pool already runs with {"maxHeapMb":96,"timeoutMs":60000}, not {"maxHeapMb":128,"timeoutMs":60000}',
    );
  });
});
