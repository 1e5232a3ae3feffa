// The live progress line the CLI shows while it waits for a run.
import type { Phase1Progress, Phase1RunOutput } from '../workflows/phase1-types.js';

export function formatProgress(p: Phase1Progress, elapsedMs: number): string {
  if (p.phase === 'preparing') return `[${p.runId}] preparing: discovering and selecting packages…`;
  const pct = p.total > 0 ? Math.floor((100 * p.completed) / p.total) : 0;
  const parts = [
    `[${p.runId}] ${p.completed}/${p.total} packages (${pct}%)`,
    `${p.running.length} running`,
    `${p.errors} error${p.errors === 1 ? '' : 's'}`,
  ];
  if (p.avgF1 !== null) parts.push(`avg F1 ${p.avgF1.toFixed(3)}`);
  if (p.usage.total_tokens > 0) parts.push(`${p.usage.total_tokens.toLocaleString('en-US')} tokens`);
  const seconds = elapsedMs / 1000;
  if (p.completed > 0 && seconds > 0) parts.push(`${(p.completed / seconds).toFixed(1)} pkg/s`);
  if (p.phase === 'finalizing') parts.push('writing results…');
  return parts.join(' · ');
}

export function formatSummary(out: Phase1RunOutput): string[] {
  const a = out.aggregate;
  const lines = [
    `Phase I finished: ${out.total} packages, ${a.errors} with errors`,
    `  avg precision ${a.avg_precision.toFixed(4)} · avg recall ${a.avg_recall.toFixed(4)} · avg F1 ${a.avg_f1.toFixed(4)}`,
  ];
  if (out.usage.total_tokens > 0) {
    lines.push(
      `  tokens: ${out.usage.prompt_tokens} prompt + ${out.usage.completion_tokens} completion = ${out.usage.total_tokens}`,
    );
  }
  lines.push(`  result: ${out.outFile ?? out.resultPath}`);
  return lines;
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
