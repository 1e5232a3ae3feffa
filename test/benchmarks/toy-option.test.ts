// A benchmark's options live in its definition only: an option added there (a toy one, on Phase I) is a
// flag of its run command, with its help, default and parser, and a key of its block in an evaluation set's
// config, checked by type; nothing else is written for it.
import { describe, expect, it } from 'vitest';
import { CommanderError, type Command } from 'commander';
import { z } from 'zod';
import { benchmarkOptions, defineBenchmark } from '../../src/benchmarks/definition.js';
import { blockOptions } from '../../src/benchmarks/evalset-block.js';
import { phase1Benchmark } from '../../src/benchmarks/phase1/index.js';
import { BENCHMARKS, type BenchmarkRegistry } from '../../src/benchmarks/registry.js';
import { EvalSetConfigError, parseEvalSetConfig } from '../../src/evalset/config.js';
import { buildProgram } from '../../src/client.js';

const TOY_HELP = 'how many toys each package gets';

const toyPhase1 = defineBenchmark({
  ...phase1Benchmark,
  options: phase1Benchmark.options.extend({
    toyLimit: z.number().int().min(1).default(3).describe(TOY_HELP),
  }),
  evalSet: { ...phase1Benchmark.evalSet, keys: [...phase1Benchmark.evalSet.keys, 'toyLimit'] },
});
const withToy: BenchmarkRegistry = { ...BENCHMARKS, phase1: toyPhase1 };

/** The phase1 command of a program made from `benchmarks`, quiet, whose action hands back its options. */
function phase1Command(benchmarks: BenchmarkRegistry): { cmd: Command; parse: (argv: string[]) => unknown } {
  const program = buildProgram(benchmarks);
  const cmd = program.commands.find((c) => c.name() === 'phase1') as Command;
  cmd.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  let seen: unknown = null;
  cmd.action((opts) => {
    seen = opts;
  });
  return {
    cmd,
    parse: (argv) => {
      program.parse(['phase1', '--corpus-root', 'corpus', ...argv], { from: 'user' });
      return seen;
    },
  };
}

describe('a toy option in Phase I’s definition', () => {
  it('is a flag of `smi-bench phase1`: parsed as an integer, defaulted, listed by --help', () => {
    expect(phase1Command(withToy).parse(['--toy-limit', '7'])).toMatchObject({ toyLimit: 7 });
    expect(phase1Command(withToy).parse([])).toMatchObject({ toyLimit: 3 });
    const help = phase1Command(withToy).cmd.helpInformation();
    expect(help).toMatch(/--toy-limit <n>\s+how many toys each package gets\s+\(default:\s+3\)/);
  });

  it('refuses a value the schema does not take, naming the flag', () => {
    for (const bad of ['0', 'many', '2.5']) {
      const { parse } = phase1Command(withToy);
      expect(() => parse(['--toy-limit', bad])).toThrow(CommanderError);
      expect(() => phase1Command(withToy).parse(['--toy-limit', bad])).toThrow(
        `option '--toy-limit <n>' argument '${bad}' is invalid. expected an integer from 1 to ${Number.MAX_SAFE_INTEGER}, got "${bad}"`,
      );
    }
  });

  it('is no flag of the program made from the shipped definitions', () => {
    const { cmd, parse } = phase1Command(BENCHMARKS);
    expect(cmd.helpInformation()).not.toContain('--toy-limit');
    expect(() => parse(['--toy-limit', '7'])).toThrow("unknown option '--toy-limit'");
  });

  const config = (value: string) =>
    [
      'corpus_root: corpus',
      'models:',
      '  - { name: m, model: m, base_url: "https://models.example/v1", api_key_env: KEY }',
      'phases:',
      `  - { phase: phase1, toy_limit: ${value} }`,
    ].join('\n');

  it('is a key of the evaluation set’s phase1 block, its value given to the run', () => {
    const [block] = parseEvalSetConfig(config('5'), 'set.yaml', withToy).phases;
    expect(block).toEqual({ phase: 'phase1', toy_limit: 5 });
    const values = benchmarkOptions(toyPhase1, blockOptions(toyPhase1, block!));
    expect(values).toMatchObject({ toyLimit: 5, maxStructsInPrompt: 200 });
    const [bare] = parseEvalSetConfig(config('5').replace(', toy_limit: 5', ''), 'set.yaml', withToy).phases;
    expect(benchmarkOptions(toyPhase1, blockOptions(toyPhase1, bare!))).toMatchObject({ toyLimit: 3 });
  });

  it('refuses a value of the wrong type with the key’s path, and the shipped schema refuses the key', () => {
    expect(() => parseEvalSetConfig(config('"five"'), 'set.yaml', withToy)).toThrow(EvalSetConfigError);
    expect(() => parseEvalSetConfig(config('"five"'), 'set.yaml', withToy)).toThrow(
      'set.yaml:\n  phases[0].toy_limit: Invalid input: expected number, received string',
    );
    expect(() => parseEvalSetConfig(config('5'), 'set.yaml')).toThrow(
      'set.yaml:\n  phases[0]: Unrecognized key: "toy_limit"',
    );
  });
});

/** The parsed options of a command of the shipped program, for `argv` after its name. */
function parsed(command: string, argv: string[]): Record<string, unknown> {
  const program = buildProgram();
  const cmd = program.commands.find((c) => c.name() === command) as Command;
  let seen: Record<string, unknown> = {};
  cmd.action((opts: Record<string, unknown>) => {
    seen = opts;
  });
  program.parse([command, ...argv], { from: 'user' });
  return seen;
}

// Upstream's defaults, from its flag tables (spec/harness.md: smi-inhabit, smi-phase2-targeted-run).
describe('the flags made from Phase II’s definition keep upstream’s defaults', () => {
  it('phase2', () => {
    expect(parsed('phase2', ['--corpus-root', 'c'])).toMatchObject({
      agent: 'mock-empty',
      gasBudget: 10_000_000,
      gasBudgetLadder: [20_000_000, 50_000_000],
      maxPlanAttempts: 5,
      maxPlanningCalls: 50,
      baselineMaxCandidates: 25,
      maxHeuristicVariants: 4,
      perPackageTimeoutSeconds: 120,
      includeCreatedTypes: false,
    });
  });

  it('phase2-targeted-run, whose model run has its own', () => {
    expect(parsed('phase2-targeted-run', ['--corpus-root', 'c'])).toMatchObject({
      perPackageTimeoutSeconds: 90,
      maxPlanAttempts: 2,
    });
  });
});
