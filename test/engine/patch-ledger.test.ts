// Every patch marker of the workflows is in the ledger (src/workflow-kit/patches.ts), with what changed and when
// it may go: workflow code names markers only through it, every ledger entry is in use, and every marker
// that a recorded history carries (read from the histories' events, independently of the code) is listed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { PATCH, PATCH_LEDGER } from '../../src/workflow-kit/patches.js';

const SRC = join(PROJECT_ROOT, 'src');
const HISTORIES = join(PROJECT_ROOT, 'test', 'histories');
const BENCHMARK_WORKFLOWS = readdirSync(join(SRC, 'benchmarks'))
  .map((name) => join(SRC, 'benchmarks', name, 'workflow'))
  .filter((dir) => existsSync(dir));
/** All workflow code: the engine's, workflow-kit's and each benchmark's workflow/ folder. */
const workflowSources = [join(SRC, 'workflows'), join(SRC, 'workflow-kit'), ...BENCHMARK_WORKFLOWS].flatMap(
  (dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !(dir.endsWith('workflow-kit') && name === 'patches.ts'))
      .map((name) => readFileSync(join(dir, name), 'utf8')),
);

interface HistoryEvent {
  markerRecordedEventAttributes?: {
    markerName: string;
    details: Record<string, { payloads: { data: string }[] }>;
  };
}

function recordedPatchIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of readdirSync(HISTORIES).filter((name) => name.endsWith('.json'))) {
    const { events } = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as { events: HistoryEvent[] };
    for (const event of events) {
      const marker = event.markerRecordedEventAttributes;
      if (marker?.markerName !== 'core_patch') continue;
      for (const payload of marker.details['patch-data']?.payloads ?? [])
        ids.add((JSON.parse(Buffer.from(payload.data, 'base64').toString('utf8')) as { id: string }).id);
    }
  }
  return ids;
}

describe('the patch ledger', () => {
  it('is the only way workflow code names a marker', () => {
    const calls = workflowSources.flatMap((text) => text.match(/patched\([^)]*\)/g) ?? []);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => !/^patched\(PATCH\.[A-Za-z]+\)$/.test(call))).toEqual([]);
  });

  it('has every marker in use and an entry for each', () => {
    const used = new Set(
      workflowSources.flatMap((text) =>
        [...text.matchAll(/patched\(PATCH\.([A-Za-z]+)\)/g)].map((m) => m[1]),
      ),
    );
    expect([...used].sort()).toEqual(Object.keys(PATCH).sort());
    expect(Object.keys(PATCH_LEDGER).sort()).toEqual(Object.keys(PATCH).sort());
    for (const entry of Object.values(PATCH_LEDGER)) {
      expect(entry.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.removeWhen.length).toBeGreaterThan(0);
    }
    expect(new Set(Object.values(PATCH)).size).toBe(Object.keys(PATCH).length);
  });

  it('lists every marker the recorded histories carry', () => {
    const recorded = recordedPatchIds();
    expect(recorded.size).toBeGreaterThan(0);
    const known = new Set<string>(Object.values(PATCH));
    expect([...recorded].filter((id) => !known.has(id))).toEqual([]);
  });
});
