// events.jsonl: one line per event, `{"t": <unix seconds>, "event": <name>, ...fields}`, written like
// upstream's Python logger (sorted keys, ", "/": " separators, ASCII escapes).
import { formatJsonlLine } from '../core/phase1-result.js';
import { appendLines } from './append-lines.js';
import { runPaths } from './paths.js';

export type EventFields = Record<string, unknown>;

export function formatEventLine(t: number, event: string, fields: EventFields): string {
  return formatJsonlLine({ ...fields, t, event });
}

export async function appendEvents(
  runDir: string,
  events: { t: number; event: string; fields: EventFields }[],
): Promise<void> {
  if (events.length === 0) return;
  await appendLines(
    runPaths(runDir).events,
    events.map((e) => formatEventLine(e.t, e.event, e.fields)).join(''),
  );
}

export function nowUnixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
