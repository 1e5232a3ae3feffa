import { describe, expect, it } from 'vitest';
import { packageWorkflowId, parseRunWorkflowId, runWorkflowId } from '../../src/temporal/names.js';
import { PHASES } from '../../src/contracts/phases.js';

describe('packageWorkflowId', () => {
  it('stays short and plain whatever the package id holds', () => {
    // an 1 100-character id once made the server refuse the child start and stalled the whole run
    const id = packageWorkflowId('phase1', 'run-1', 7, `0x${'a'.repeat(1100)}`);
    expect(id.length).toBeLessThan(200);
    expect(id).toMatch(/^smi\/phase1\/run-1\/7-0xa+$/);
    expect(packageWorkflowId('phase1', 'r', 0, '0x../\u0000 é')).toBe('smi/phase1/r/0-0x');
  });

  it('keeps a repeated id apart by its index, and a retry round apart from the first computation', () => {
    const first = packageWorkflowId('phase2', 'r', 0, '0x2');
    expect(packageWorkflowId('phase2', 'r', 2, '0x2')).not.toBe(first);
    expect(packageWorkflowId('phase2', 'r', 0, '0x2', 'retry-1')).toBe(`${first}/retry-1`);
  });
});

describe('parseRunWorkflowId', () => {
  it("reads back every phase's run workflow id", () => {
    for (const phase of PHASES)
      expect(parseRunWorkflowId(runWorkflowId(phase, 'set-1.phase2_x'))).toEqual({
        phase,
        runId: 'set-1.phase2_x',
      });
  });

  it('refuses ids that are not a run workflow of a known phase', () => {
    expect(parseRunWorkflowId(packageWorkflowId('phase1', 'run-1', 0, '0x2'))).toBeNull();
    expect(parseRunWorkflowId('smi/phase9/run-1')).toBeNull();
    expect(parseRunWorkflowId('smi/phase1/')).toBeNull();
    expect(parseRunWorkflowId('other/phase1/run-1')).toBeNull();
    expect(parseRunWorkflowId('smi/phase1')).toBeNull();
  });
});
