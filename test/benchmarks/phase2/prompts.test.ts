// Planning prompts: structure (summary choice, payload as upstream's Python dumps) and strict templates.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPlanningPrompt, checkPromptTemplate } from '../../../src/benchmarks/phase2/workflow/prompts.js';
import { PROJECT_ROOT } from '../../support/paths.js';

const iface: unknown = JSON.parse(
  readFileSync(resolve(PROJECT_ROOT, 'test/core/phase2/reference-interface.json'), 'utf8'),
);
const targets = ['0xabc::shop::Item', '0xabc::shop::A'];

describe('buildPlanningPrompt', () => {
  it('initial: sorted Python-repr targets, full summary, budget, payload last', () => {
    const p = buildPlanningPrompt(iface, {
      kind: 'initial',
      targets,
      budget: 3,
      inventory: {},
      templates: {},
    });
    expect(p).toContain("['0xabc::shop::A', '0xabc::shop::Item']");
    expect(p).toContain('  - public entry fun burn(u128)');
    expect(p).toContain('You have 3 planning call(s) left');
    expect(p).toContain('"need_more"');
    // Python json.dumps(indent=2, sort_keys=True) of the payload, appended last.
    expect(
      p.endsWith(
        '{\n  "package_id": "0xabc",\n  "target_key_types": [\n    "0xabc::shop::A",\n    "0xabc::shop::Item"\n  ]\n}',
      ),
    ).toBe(true);
  });
  it('retry: focused summary and the failure in text and payload', () => {
    const p = buildPlanningPrompt(iface, {
      kind: 'retry',
      targets,
      requestedTargets: ['0xabc::shop::gift'],
      lastFailure: { harness_error: 'bad json' },
      budget: null,
      templates: {},
    });
    expect(p).toContain('bad json');
    expect(p).toContain('  - public entry fun gift(');
    expect(p).not.toContain('fun burn');
    expect(p).toContain('"harness_error": "bad json"');
    expect(p).not.toContain('planning call(s) left');
  });
  it('template: asks for an object and carries the skeleton', () => {
    const skeleton = [{ target: '0xabc::shop::gift', type_args: [], args: [{ u64: 1 }] }];
    const p = buildPlanningPrompt(iface, {
      kind: 'template',
      targets,
      skeletonCalls: skeleton,
      templates: {},
    });
    expect(p).toContain('{"calls": [...]}');
    expect(p).toContain('"skeleton_calls": [');
  });
  it('renders user templates strictly', () => {
    const p = buildPlanningPrompt(iface, {
      kind: 'initial',
      targets,
      templates: { initial: 'Make {{targets}} in {{package_id}}.\n' },
    });
    expect(p.startsWith("Make ['0xabc::shop::A', '0xabc::shop::Item'] in 0xabc.\n{")).toBe(true);
    expect(() => checkPromptTemplate('initial', '{{skeleton_calls}}')).toThrow(
      /unknown placeholder \{\{skeleton_calls\}\}/,
    );
    expect(() => checkPromptTemplate('retry', 'oops {{ last_failure }')).toThrow(/not a placeholder/);
    expect(() => checkPromptTemplate('nope', 'x')).toThrow(/unknown prompt kind/);
    expect(() => checkPromptTemplate('template', '{{skeleton_calls}} {{targets}}')).not.toThrow();
  });
});
