// Package ids picked from the rows of a Phase II result: by targets (upstream smi-phase2-filter-manifest,
// spec/harness.md §24.3), by created hits (scripts/filter_packages_by_hit_rate.py, §24.4 step 4), and the
// top packages by hit rate (the type_inhabitation_topN datasets). Pure; rows keep the result's order.
import { isRecord } from '../core/phase2/json-copy.js';
import { parsePyIntText } from '../core/phase2/py-int.js';
import { compareCodePoints } from '../core/py-string.js';

/** Python `int(v)` on a JSON value, or null where Python raises (None, "not_an_int", lists, objects). */
export function pyIntOf(v: unknown): number | null {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : null;
  if (typeof v !== 'string') return null;
  const n = parsePyIntText(v);
  return n === null ? null : Number(n);
}

interface ScoredRow {
  packageId: string;
  score: Record<string, unknown>;
}

/** Rows that are objects with a non-empty string package_id and an object score. */
function scoredRows(rows: readonly unknown[]): ScoredRow[] {
  const out: ScoredRow[] = [];
  for (const row of rows) {
    if (!isRecord(row) || !isRecord(row['score'])) continue;
    const id = row['package_id'];
    if (typeof id === 'string' && id !== '') out.push({ packageId: id, score: row['score'] });
  }
  return out;
}

/** Ids whose `int(score.targets)` is at least `minTargets`; rows where int() would raise are skipped. */
export function idsWithMinTargets(rows: readonly unknown[], minTargets: number): string[] {
  return scoredRows(rows)
    .filter(({ score }) => {
      const targets = pyIntOf(score['targets']);
      return targets !== null && targets >= minTargets;
    })
    .map((r) => r.packageId);
}

/** `score.created_hits` when it is a JSON integer (upstream checks isinstance int), else null. */
function createdHits(score: Record<string, unknown>): number | null {
  const hits = score['created_hits'];
  return typeof hits === 'number' && Number.isInteger(hits) ? hits : null;
}

/** Ids whose `score.created_hits` is an integer of at least `minHits`. */
export function idsWithMinHits(rows: readonly unknown[], minHits: number): string[] {
  return scoredRows(rows)
    .filter(({ score }) => (createdHits(score) ?? -Infinity) >= minHits)
    .map((r) => r.packageId);
}

/** The runner's per-package hit rate: created_hits / targets, 0 without targets (spec/harness.md §7.9). */
function hitRate(score: Record<string, unknown>): number {
  const hits = createdHits(score) ?? 0;
  const targets = score['targets'];
  return typeof targets === 'number' && targets > 0 ? hits / targets : 0;
}

/**
 * The `top` packages with at least `minHits` created hits, by hit rate, highest first; equal rates in
 * package id order (code points). A package that appears in several rows counts once, with its first row.
 */
export function topIdsByHitRate(rows: readonly unknown[], top: number, minHits: number): string[] {
  const seen = new Set<string>();
  const ranked: { packageId: string; rate: number }[] = [];
  for (const { packageId, score } of scoredRows(rows)) {
    if (seen.has(packageId) || (createdHits(score) ?? -Infinity) < minHits) continue;
    seen.add(packageId);
    ranked.push({ packageId, rate: hitRate(score) });
  }
  ranked.sort((a, b) => b.rate - a.rate || compareCodePoints(a.packageId, b.packageId));
  return ranked.slice(0, top).map((r) => r.packageId);
}

/** The two header lines of a top-N dataset file: the count, and when it was made (ISO 8601, UTC). */
export function topDatasetHeader(count: number, source: string, now: Date): string {
  return (
    `# Top-${count} packages by Phase II hit rate in ${source} (equal rates in package id order)\n` +
    `# Generated: ${now.toISOString().slice(0, 19)}Z\n`
  );
}
