// Run directories as a model's Phase II runs leave them, made up at scale for the report benchmark: per
// model a result.json, rows/ with each package's trace, and the artifacts those traces name (an interface,
// a need_more round and a plan round per package). Deterministic: a seeded generator picks the outcomes.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../src/run-store/artifacts.js';
import { rowPath } from '../../src/run-store/paths.js';

const STAGES = ['never_planned', 'malformed', 'aborted', 'no_target_created', 'partial_hit', 'full_hit'];

/** The artifact store's layout (`<sha[0:2]>/<sha[2:]>`), written plainly: no crash to survive here. */
function putArtifact(store: string, content: string): string {
  const sha = sha256Hex(content);
  const dir = join(store, sha.slice(0, 2));
  if (!existsSync(join(dir, sha.slice(2)))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, sha.slice(2)), content);
  }
  return sha;
}

/** A small linear congruential generator: the same runs every time. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function interfaceOf(address: string, keyStructs: number): string {
  const structs: Record<string, unknown> = {};
  for (let i = 0; i < keyStructs + 3; i++)
    structs[`Thing${i}`] = {
      abilities: i < keyStructs ? ['key', 'store'] : ['copy', 'drop'],
      type_params: [],
      fields: [
        {
          name: 'id',
          type: { kind: 'datatype', address: '0x2', module: 'object', name: 'UID', type_args: [] },
        },
        { name: 'value', type: { kind: 'u64' } },
      ],
    };
  return JSON.stringify({
    schema_version: 1,
    package_id: address,
    modules: { things: { address, structs, functions: {} } },
  });
}

function promptOf(address: string, round: string, rand: () => number): string {
  const lines = [`Package ${address}. ${round}.`, 'Entry and public functions:'];
  const functions = 40 + Math.floor(rand() * 40);
  for (let i = 0; i < functions; i++)
    lines.push(`- ${address}::things::make_thing_${i}(arg0: u64, arg1: &mut TxContext) -> Thing${i % 5}`);
  return lines.join('\n');
}

export interface SyntheticRunsOptions {
  logDir: string;
  setId: string;
  models: number;
  packages: number;
}

/** Writes the runs; returns their ids (`<setId>.model-<n>.phase2`). */
export function writeSyntheticPhase2Runs(opts: SyntheticRunsOptions): string[] {
  const ids: string[] = [];
  for (let m = 0; m < opts.models; m++) {
    const rand = generator(1000 + m);
    const runId = `${opts.setId}.model-${m}.phase2`;
    const runDir = join(opts.logDir, runId);
    const store = join(runDir, 'artifacts');
    mkdirSync(join(runDir, 'rows'), { recursive: true });
    const rows: Record<string, unknown>[] = [];
    for (let p = 0; p < opts.packages; p++) {
      const address = `0x${(p + 1).toString(16).padStart(64, '0')}`;
      const targets = 1 + Math.floor(rand() * 6);
      const stage = STAGES[Math.floor(rand() * STAGES.length)]!;
      const hits = stage === 'full_hit' ? targets : stage === 'partial_hit' ? Math.max(1, targets - 1) : 0;
      const interfaceSha = putArtifact(store, interfaceOf(address, targets));
      const rounds = [];
      for (const [call, kind] of [
        [1, 'need_more'],
        [2, 'plan'],
      ] as const) {
        const promptSha = putArtifact(store, promptOf(address, `call ${call}`, rand));
        const answer =
          kind === 'plan'
            ? JSON.stringify({
                calls: [{ target: `${address}::things::make_thing_0`, type_args: [], args: [{ u64: '7' }] }],
              })
            : JSON.stringify({ need_more: [`${address}::things`] });
        const answerSha = putArtifact(store, answer);
        rounds.push({ attempt: 1, call, promptSha, answerSha, kind });
      }
      const row = {
        package_id: address,
        score: { targets, created_distinct: hits, created_hits: hits, missing: targets - hits },
        error: stage === 'never_planned' ? 'no answer from the model: 429 Too Many Requests' : null,
        failure_stage: stage,
        abort_category: stage === 'aborted' ? 'assertion_failed' : null,
        simulation_mode: 'local',
        tx_build_ok: stage !== 'never_planned' && stage !== 'malformed',
        exec_ok: stage === 'aborted' ? false : hits > 0 ? true : null,
        dry_run_ok: hits > 0,
        dry_run_abort_code: stage === 'aborted' ? 3 : null,
        plan_attempts: 1,
        causality_valid: true,
        usage: { prompt_tokens: 4000 + p, completion_tokens: 120, total_tokens: 4120 + p },
      };
      rows.push(row);
      writeFileSync(
        rowPath(runDir, p),
        JSON.stringify({
          index: p,
          row,
          trace: { interfaceSha, rounds },
          started_at_unix_seconds: 0,
          finished_at_unix_seconds: 1,
        }),
      );
    }
    writeFileSync(
      join(runDir, 'run_metadata.json'),
      JSON.stringify({ agent: 'real-openai-compatible', model: `model-${m}` }),
    );
    writeFileSync(
      join(runDir, 'result.json'),
      JSON.stringify({
        schema_version: 2,
        agent: 'real-openai-compatible',
        simulation_mode: 'local',
        packages: rows,
      }),
    );
    ids.push(runId);
  }
  return ids;
}
