// The live progress line the CLI shows while it waits for a run, and its summary when the run is done; what
// each benchmark's numbers are called there is its display's (src/benchmarks/<name>/display.ts).
import { BENCHMARKS } from '../benchmarks/registry.js';
import type { RunOutput, RunProgress } from '../contracts/run.js';
import { describeModelCalls } from '../core/model-calls.js';
import { formatUsd, groupThousands } from '../core/cost.js';
import { STAGE_PREFIX } from '../core/phase2/taxonomy.js';
import { plural } from '../core/plural.js';
import type { StoppedEarly } from '../contracts/usage.js';

export function formatProgress(p: RunProgress, elapsedMs: number): string {
  if (p.phase === 'preparing') return `[${p.runId}] preparing: discovering and selecting packages…`;
  const pct = p.total > 0 ? Math.floor((100 * p.completed) / p.total) : 0;
  const parts = [
    `[${p.runId}] ${p.completed}/${p.total} packages (${pct}%)`,
    `${p.running.length} running`,
    `${p.errors} error${p.errors === 1 ? '' : 's'}`,
  ];
  if (p.batch) parts.splice(1, 0, `batch ${p.batch.current}/${p.batch.total}`);
  const [meanKey, meanLabel] = BENCHMARKS[p.runPhase].display.progress.mean;
  const mean = p.means[meanKey];
  if (mean !== undefined) parts.push(`${meanLabel} ${mean.toFixed(3)}`);
  if (p.usage.total_tokens > 0) parts.push(`${groupThousands(p.usage.total_tokens)} tokens`);
  if (p.usage.cost_usd !== undefined) parts.push(formatUsd(p.usage.cost_usd));
  const seconds = elapsedMs / 1000;
  if (p.completed > 0 && seconds > 0) parts.push(`${(p.completed / seconds).toFixed(1)} pkg/s`);
  if (p.phase === 'finalizing') parts.push('writing results…');
  return parts.join(' · ');
}

export function formatSummary(out: RunOutput): string[] {
  const benchmark = BENCHMARKS[out.runPhase];
  const display = benchmark.display.progress;
  const numbers = display.aggregate
    .filter(([key]) => out.aggregate[key] !== undefined)
    .map(([key, label]) => `${label} ${(out.aggregate[key] ?? 0).toFixed(4)}`);
  const lines = [
    `${benchmark.title} finished: ${plural(out.total, 'package')}, ${out.errors} with errors`,
    `  ${numbers.join(' · ')}`,
  ];
  if (display.detail) lines.push(`  ${display.detail(out.aggregate)}`);
  const counts = (display.counts ?? [])
    .filter((key) => (out.aggregate[key] ?? 0) > 0)
    .map((key) => `${key} ${out.aggregate[key]}`);
  if (counts.length > 0) lines.push(`  ${counts.join(' · ')}`);
  const stages = Object.entries(out.aggregate)
    .filter(([key, n]) => key.startsWith(STAGE_PREFIX) && n > 0)
    .map(([key, n]) => `${key.slice(STAGE_PREFIX.length).replaceAll('_', ' ')} ${n}`);
  if (stages.length > 0) lines.push(`  where packages stopped: ${stages.join(' · ')}`);
  if (out.usage.total_tokens > 0) {
    lines.push(
      `  tokens: ${out.usage.prompt_tokens} prompt + ${out.usage.completion_tokens} completion = ${out.usage.total_tokens}` +
        (out.usage.cost_usd === undefined ? '' : ` · cost ${formatUsd(out.usage.cost_usd)}`),
    );
  }
  if (out.modelCalls) lines.push(`  model calls: ${describeModelCalls(out.modelCalls)}`);
  const aside = display.aside && out.aggregate[display.aside[0]];
  if (display.aside && aside !== undefined) lines.push(`  ${display.aside[1]}: ${aside.toFixed(4)}`);
  if (out.stoppedEarly) lines.push(`  ${describeStop(out.runId, out.stoppedEarly)}`);
  lines.push(`  result: ${out.outFile ?? out.resultPath}`);
  return lines;
}

const LIMIT_FLAGS: Record<StoppedEarly['reason'], string> = {
  max_cost_usd: '--max-cost-usd',
  max_total_tokens: '--max-total-tokens',
  max_run_seconds: '--max-run-seconds',
};

/** `stopped early: --max-cost-usd 0.01 reached ($0.009000 spent); 2 packages not started; …`. */
function describeStop(runId: string, stop: StoppedEarly): string {
  const amount = (n: number) => (stop.reason === 'max_cost_usd' ? formatUsd(n) : `${Math.round(n)}`);
  const flag = LIMIT_FLAGS[stop.reason];
  const resume =
    stop.reason === 'max_run_seconds' ? '' : `; go on with: smi-bench resume ${runId} ${flag} <higher>`;
  return (
    `stopped early: ${flag} ${stop.limit} reached (${amount(stop.spent)} spent); ` +
    `${plural(stop.packages_not_started, 'package')} not started${resume}`
  );
}

/** Rewrites one line on a terminal; elsewhere (CI logs, pipes) prints a line only when something changed. */
export class ProgressPrinter {
  private last = '';
  private lastPrintedAt = 0;
  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly minIntervalMs = 5000,
  ) {}

  update(line: string): void {
    if (line === this.last) return;
    if (this.stream.isTTY) {
      this.stream.write(`\r\x1b[2K${line.slice(0, (this.stream.columns ?? 120) - 1)}`);
    } else {
      const now = Date.now();
      if (now - this.lastPrintedAt < this.minIntervalMs) return;
      this.stream.write(line + '\n');
      this.lastPrintedAt = now;
    }
    this.last = line;
  }

  finish(): void {
    if (this.stream.isTTY && this.last) this.stream.write('\n');
    this.last = '';
  }
}
