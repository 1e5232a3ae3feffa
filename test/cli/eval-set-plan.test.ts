// An evaluation set's runs are made by each benchmark's definition: every phase of a config becomes the
// run its block says, before anything starts. Expected by hand from the config: paths in a block are the
// config's (its folder, not the shell's), phase2 keeps the block's template-search, a model's cell gets the
// model's agent and settings, and the sandbox runs once for the set, with no model and no rows file of its own.
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planEvalSet } from '../../src/cli/eval-set-command.js';
import { SANDBOX_CELL } from '../../src/evalset/config.js';
import { CORPUS_DIR } from '../support/paths.js';

const work = mkdtempSync(join(tmpdir(), 'smi-set-plan-'));
const configDir = join(work, 'config');
mkdirSync(configDir);
// The framework beside the config: a corpus root holding 0x1, 0x2 and 0x3.
symlinkSync(CORPUS_DIR, join(configDir, 'fw'));
const framework = join(configDir, 'fw');
const configFile = join(configDir, 'set.yaml');
writeFileSync(
  configFile,
  [
    'name: plan',
    `corpus_root: ${CORPUS_DIR}`,
    'samples: 2',
    'log_dir: runs',
    'models:',
    '  - name: m',
    '    model: m-model',
    '    base_url: http://127.0.0.1:9/v1',
    '    api_key_env: M_KEY',
    '    concurrency: 3',
    'phases:',
    '  - phase: phase1',
    '    max_structs_in_prompt: 7',
    '  - phase: phase2',
    '    agent: template-search',
    '    simulation_mode: local',
    '    framework_dir: fw',
    '  - phase: helper',
    '    framework_dir: fw',
    '    max_attempts: 2',
    '  - phase: sandbox',
    '    framework_dir: fw',
    '    tier_a_only: true',
    '',
  ].join('\n'),
);

describe('an evaluation set’s plan', () => {
  it('makes every phase’s run through its benchmark, as the config says', async () => {
    const logs: string[] = [];
    const plan = await planEvalSet(configFile, {}, { out: () => {}, log: (l) => logs.push(l) });
    const { setId } = plan;
    expect(setId).toMatch(/^plan-[0-9a-f]{10}$/);
    const byPhase = Object.fromEntries(plan.cells.map((c) => [c.run.phase, c]));
    expect(plan.cells.map((c) => [c.model, c.run.runId])).toEqual([
      ['m', `${setId}.m.phase1`],
      ['m', `${setId}.m.phase2`],
      ['m', `${setId}.m.helper`],
      [SANDBOX_CELL, `${setId}.sandbox`],
    ]);
    for (const cell of plan.cells) {
      expect(cell.run.runDir).toBe(join(configDir, 'runs', cell.run.runId));
      expect(cell.run.samples).toBe(2);
      expect(cell.run.outFile).toBeNull();
    }

    const phase1 = byPhase['phase1']!.run;
    expect(phase1.concurrency).toBe(3);
    expect(phase1.options).toMatchObject({ agent: 'real-openai-compatible', maxStructsInPrompt: 7 });
    expect(phase1.options.agentSettings).toMatchObject({ model: 'm-model', api_key_env: 'M_KEY' });

    const phase2 = byPhase['phase2']!.run;
    expect(phase2.options).toMatchObject({
      agent: 'template-search',
      simulationMode: 'local',
      frameworkDir: framework,
    });
    // Its simulation's pre-flight ran, on the config's framework.
    expect(logs.some((l) => l.startsWith('pre-flight:'))).toBe(true);

    const helper = byPhase['helper']!.run;
    expect(helper.options).toMatchObject({
      agent: 'real-openai-compatible',
      frameworkDir: framework,
      maxAttempts: 2,
    });

    const sandbox = byPhase['sandbox']!.run;
    // No model: the sandbox's own concurrency (8 by default), not the model's.
    expect(sandbox.concurrency).toBe(8);
    expect(sandbox.options).toMatchObject({
      agentSettings: null,
      frameworkDir: framework,
      tierAOnly: true,
    });
  });
});
