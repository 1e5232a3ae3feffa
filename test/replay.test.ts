// Replays committed histories of real runs against the current workflow code: a change that would break
// runs in flight (non-determinism) fails here. Re-record with `node dist/scripts/record-histories.js`.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { workflowSourcePath } from '../src/temporal/workflow-bundle.js';
import { PROJECT_ROOT } from './support/paths.js';

const dir = join(PROJECT_ROOT, 'test', 'histories');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('replay of recorded histories', () => {
  it('has histories of a run and of its packages, with continue-as-new, an update and a model timeout', () => {
    expect(files).toContain('phase1-run.json');
    expect(files.filter((f) => f.startsWith('phase1-package-')).length).toBeGreaterThan(0);
    const text = (f: string) => readFileSync(join(dir, f), 'utf8');
    const runs = files.filter((f) => f.startsWith('phase1-run-can-')).map(text);
    expect(runs.some((t) => t.includes('EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW'))).toBe(true);
    expect(runs.some((t) => t.includes('EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED'))).toBe(true);
    const packages = files.filter((f) => f.startsWith('phase1-can-package-')).map(text);
    expect(packages.some((t) => t.includes('EVENT_TYPE_ACTIVITY_TASK_FAILED'))).toBe(true);
  });

  it('has Phase II histories: a planning loop with two model calls and a simulation, and a batch of plans', () => {
    // build-only simulation runs as a local activity now; the histories from before still replay.
    expect(scheduled('phase2-model-package-0.json')).toEqual(['complete', 'complete']);
    expect(scheduled('phase2-baseline-package-0.json')).toEqual([]);
    expect(scheduled('phase2-model-remote-sim-package-0.json')).toEqual([
      'complete',
      'complete',
      'simulatePlan',
    ]);
    expect(scheduled('phase2-baseline-remote-sim-package-0.json')).toEqual(['simulatePlans']);
    expect(localActivities('phase2-model-package-0.json')).toContain('simulatePlan');
    expect(localActivities('phase2-baseline-package-0.json')).toEqual([
      'extractInterface',
      'prepareBaselinePlans',
      'simulatePlans',
      'recordPackageResult',
    ]);
    expect(files).toEqual(expect.arrayContaining(['phase2-model-run.json', 'phase2-baseline-run.json']));
  });

  it('has sandbox histories: the run engine over one package, whose benchmark is one activity', () => {
    expect(files).toContain('sandbox-run.json');
    expect(scheduled('sandbox-run.json')).toEqual(['prepareRun', 'listPackagePage', 'finalizeRun']);
    expect(scheduled('sandbox-package-0.json')).toEqual(['runSandboxPackage']);
  });

  it('has helper histories: two attempts (the first does not build), then the built helper runs', () => {
    expect(scheduled('helper-run.json')).toEqual(['prepareRun', 'listPackagePage', 'finalizeRun']);
    expect(scheduled('helper-package-0.json')).toEqual([
      'complete',
      'buildAndRunHelperPackage',
      'complete',
      'buildAndRunHelperPackage',
    ]);
    // Recorded before an attempt's build and run became one activity: they replay through the old branch.
    expect(scheduled('helper-two-step-package-0.json')).toEqual([
      'complete',
      'buildHelperPackage',
      'complete',
      'buildHelperPackage',
      'runHelperPackage',
    ]);
    expect(localActivities('helper-package-0.json')).toEqual([
      'extractInterface',
      'prepareHelperPrompt',
      'prepareHelperPrompt',
      'recordPackageResult',
    ]);
  });

  /** Activities scheduled on a task queue, in history order. */
  function scheduled(file: string): string[] {
    return [
      ...readFileSync(join(dir, file), 'utf8').matchAll(/"activityType":\s*\{\s*"name":\s*"(\w+)"/g),
    ].map((m) => m[1]!);
  }

  /** Local activities leave a marker whose details name the activity (a JSON payload, base64). */
  function localActivities(file: string): string[] {
    const history = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      events: {
        markerRecordedEventAttributes?: { details?: { data?: { payloads?: { data: string }[] } } };
      }[];
    };
    return history.events.flatMap((e) => {
      const data = e.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
      if (!data) return [];
      const marker = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { activity_type: string };
      return [marker.activity_type];
    });
  }

  it('detects a workflow that no longer matches its history (negative control)', async () => {
    const history = JSON.parse(readFileSync(join(dir, 'phase1-package-0.json'), 'utf8')) as {
      events: { activityTaskScheduledEventAttributes?: { activityType: { name: string } } }[];
    };
    const scheduled = history.events.find((e) => e.activityTaskScheduledEventAttributes);
    scheduled!.activityTaskScheduledEventAttributes!.activityType.name = 'someOtherActivity';
    await expect(
      Worker.runReplayHistory({ workflowsPath: workflowSourcePath() }, history, 'tampered'),
    ).rejects.toThrow(/[Nn]ondeterminism/);
  });

  it.each(files)('%s replays without non-determinism', async (file) => {
    const history: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    await Worker.runReplayHistory(
      { workflowsPath: workflowSourcePath() },
      history,
      file.replace(/\.json$/, ''),
    );
  });
});
