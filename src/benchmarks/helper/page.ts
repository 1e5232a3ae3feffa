// The helper benchmark's package page: where the package stopped; each attempt's sources with the
// compiler's diagnostics under the lines they point at (or the payload's problems); and the trace of the
// built helper's run: each entry function's outcome, the target's modules it entered, what it created.
// Sources, diagnostics and answers are a model's text: they only ever go through the `html` template.
import { readArtifact } from '../../report-parts/conversation.js';
import { html, tableBox, type SafeHtml } from '../../report-parts/html.js';
import {
  createdType,
  cutNote,
  facts,
  HIT_NOTE,
  obj,
  show,
  strings,
  targetHit,
  targetList,
  type Json,
} from '../../report-parts/page-parts.js';
import type { AttemptRef, PackageTrace } from '../../report-parts/traces.js';
import { plural } from '../../core/plural.js';
import { diagnosticLine } from '../../sui-compiler/diagnostics.js';
import type { MoveDiagnostic } from '../../contracts/sui-build.js';

const OUTCOMES: Record<string, string> = {
  no_answer: 'no answer',
  invalid_payload: 'not a valid helper_pkg_v1 answer',
  build_failed: 'the build failed',
  built: 'built',
};

/** A diagnostic as the page shows it: where it points, and its line of text (`error[E04007]: …`). */
interface Diagnostic {
  file: string | null;
  line: number;
  column: number;
  severity: string;
  code: string | null;
  text: string;
}

/** The row's parsed diagnostics of one attempt (`build_diagnostics`), warnings of a built helper included. */
function parsedDiagnostics(list: Json[]): Diagnostic[] {
  return list.map((d) => {
    const diagnostic = d as unknown as MoveDiagnostic;
    return {
      file: diagnostic.file,
      line: diagnostic.line ?? 0,
      column: diagnostic.column ?? 0,
      severity: diagnostic.severity,
      code: diagnostic.code,
      text: diagnosticLine({ ...diagnostic, file: null }),
    };
  });
}

const ERROR_LINE = /^(.*?):(\d+):(\d+): ((error|warning|bug)(?:\[([^\]]+)\])?: .*)$/s;

/**
 * Rows written before `build_diagnostics` existed keep only `build_errors`, one line each
 * (`sources/m.move:7:15: error[E04007]: …`): read back what those lines say.
 */
function diagnosticsOfErrorLines(errors: string[]): Diagnostic[] {
  return errors.map((error) => {
    const at = ERROR_LINE.exec(error);
    return at
      ? {
          file: at[1]!,
          line: Number(at[2]),
          column: Number(at[3]),
          severity: at[5]!,
          code: at[6] ?? null,
          text: at[4]!,
        }
      : { file: null, line: 0, column: 0, severity: 'error', code: null, text: error };
  });
}

/** Diagnostics by the source file they point at; those naming no known file (Move.toml, a stub) stay unplaced. */
function placeDiagnostics(
  diagnostics: Diagnostic[],
  paths: string[],
): { byFile: Map<string, Diagnostic[]>; unplaced: Diagnostic[] } {
  const byFile = new Map<string, Diagnostic[]>();
  const unplaced: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.file === null || d.line < 1 || !paths.includes(d.file)) unplaced.push(d);
    else byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  }
  return { byFile, unplaced };
}

/** A diagnostic's text, marked with its severity and code for the stylesheet and for readers of the page. */
const diagnosticSpan = (d: Diagnostic, before: string): SafeHtml =>
  html`<span class="diag ${d.severity}" data-code="${d.code ?? ''}">${before}${d.text}</span>`;

/**
 * A source file with its line numbers, each diagnostic on a line of its own under the line it points at,
 * a caret under its column. Cut after `limit` characters (null: whole); diagnostics below the cut follow.
 */
function sourceHtml(path: string, text: string, diagnostics: Diagnostic[], limit: number | null): SafeHtml {
  // (A final newline ends the last line; it opens no empty one.)
  const lines = text.replace(/\n$/, '').split('\n');
  const width = String(lines.length).length;
  const parts: SafeHtml[] = [];
  let used = 0;
  let shown = 0;
  for (const [i, line] of lines.entries()) {
    if (limit !== null && shown > 0 && used + line.length > limit) break;
    used += line.length + 1;
    shown++;
    parts.push(html`<span class="ln">${String(i + 1).padStart(width)}</span> ${line}\n`);
    for (const d of diagnostics.filter((d) => d.line === i + 1))
      // The prefix is `width` digits and a space; column 1 is the character after it.
      parts.push(html`${diagnosticSpan(d, `${' '.repeat(width + Math.max(1, d.column))}^ `)}\n`);
  }
  const below = diagnostics.filter((d) => d.line > shown);
  const belowList =
    below.length === 0
      ? ''
      : html`<ul class="diags">${below.map((d) => html`<li><code>${path}:${d.line}:${d.column}</code>: ${diagnosticSpan(d, '')}</li>`)}</ul>`;
  return html`<p class="who"><code>${path}</code></p><pre class="source">${parts}</pre>${cutNote(Math.max(0, text.length - used))}${belowList}`;
}

interface Sources {
  moveToml: string;
  files: [string, string][];
}

function readSources(runDir: string, sha: string): Sources | null {
  try {
    const stored = obj(JSON.parse(readArtifact(runDir, sha)));
    const files = Object.entries(obj(stored['files'])).map(([p, t]): [string, string] => [p, String(t)]);
    return { moveToml: String(stored['move_toml'] ?? ''), files };
  } catch {
    return null;
  }
}

function attemptHtml(
  number: number,
  note: Json,
  ref: AttemptRef | undefined,
  diagnostics: Diagnostic[],
  runDir: string | null,
  limit: number | null,
): SafeHtml {
  const outcome = String(note['outcome'] ?? '');
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const heading = html`<h4>Attempt ${number}: ${OUTCOMES[outcome] ?? (outcome || 'not recorded')}${
    warnings > 0 ? ` (${plural(warnings, 'warning')})` : ''
  }</h4>`;
  const sources = runDir && ref?.sourcesSha ? readSources(runDir, ref.sourcesSha) : null;
  const problems =
    runDir && ref?.problemsSha
      ? html`<pre class="problems">${readArtifact(runDir, ref.problemsSha)}</pre>`
      : null;
  if (!sources) {
    // No package to show: the payload's problems (or why no answer came).
    const reasons = strings(note['errors']);
    return html`<article class="attempt">${heading}${
      problems ?? html`<ul class="diags">${reasons.map((r) => html`<li>${r}</li>`)}</ul>`
    }</article>`;
  }
  const { byFile, unplaced } = placeDiagnostics(
    diagnostics,
    sources.files.map(([p]) => p),
  );
  const files = sources.files.map(([p, text]) => sourceHtml(p, text, byFile.get(p) ?? [], limit));
  const others =
    unplaced.length === 0
      ? ''
      : html`<p class="who">diagnostics without a source line</p><ul class="diags">${unplaced.map((d) => html`<li>${d.file === null ? '' : html`<code>${d.file}:${d.line}:${d.column}</code>: `}${diagnosticSpan(d, '')}</li>`)}</ul>`;
  const report = problems
    ? html`<details><summary>the compiler's report, as the model was shown it</summary>${problems}</details>`
    : '';
  return html`<article class="attempt">${heading}<details><summary><code>Move.toml</code></summary><pre>${sources.moveToml}</pre></details>${files}${others}${report}</article>`;
}

const STATUS: Record<string, string> = {
  tier_b_hit: 'ran to the end',
  aborted: 'aborted',
  failed: 'failed',
};

/** The built helper's entry functions as they ran: the stored execution trace, else the row's copy. */
function runTraceHtml(
  row: Json,
  runDir: string | null,
  trace: PackageTrace,
  targets: string[] | null,
): SafeHtml {
  let entrypoints: unknown = row['entrypoints'];
  if (runDir && trace.runTraceSha) {
    try {
      entrypoints = obj(JSON.parse(readArtifact(runDir, trace.runTraceSha)))['entrypoints'];
    } catch {
      // a missing or unreadable trace: the row's copy
    }
  }
  const list = Array.isArray(entrypoints) ? entrypoints.map(obj) : [];
  if (list.length === 0)
    return html`<p class="note">No entry function ran${row['successful_attempt'] === null ? ': no helper built' : ''}.</p>`;
  const hit = targetHit(targets);
  const created = (types: string[]) => html`${types.map((t) => html`<div>${createdType(t, hit(t))}</div>`)}`;
  const rows = list.map(
    (e) =>
      html`<tr class="${e['status'] === 'tier_b_hit' ? 'found' : 'missed'}"><td><code>${show(e['target'])}</code></td><td>${STATUS[String(e['status'])] ?? show(e['status'])}</td><td>${e['abort_code'] === null ? '' : show(e['abort_code'])}</td><td><code>${e['abort_location'] === null ? '' : show(e['abort_location'])}</code></td><td>${strings(e['target_modules_accessed']).map((m) => html`<div><code>${m}</code></div>`)}</td><td>${created(strings(e['created_types']))}</td><td>${e['error'] === null ? '' : show(e['error'])}</td></tr>`,
  );
  return html`${tableBox(html`<table class="entrypoints"><thead><tr><th>entry function</th><th>outcome</th><th>abort code</th><th>where</th><th>target modules entered</th><th>objects created</th><th>error</th></tr></thead><tbody>${rows}</tbody></table>`)}${HIT_NOTE}`;
}

/**
 * Each attempt's diagnostics: the parsed ones, and what the row's error lines say where none of those is
 * an error (a row older than `build_diagnostics`; a build that crashed, timed out or lacked a dependency,
 * whose reason Sui printed no diagnostic for).
 */
function attemptDiagnostics(row: Json): Diagnostic[][] {
  const list = (value: unknown): unknown[][] =>
    Array.isArray(value) ? value.map((a) => (Array.isArray(a) ? a : [])) : [];
  const parsed = list(row['build_diagnostics']).map((a) => parsedDiagnostics(a.map(obj)));
  const errorLines = list(row['build_errors']).map((a) => diagnosticsOfErrorLines(strings(a)));
  return Array.from({ length: Math.max(parsed.length, errorLines.length) }, (_, i) => {
    const own = parsed[i] ?? [];
    return own.some((d) => d.severity !== 'warning') ? own : [...own, ...(errorLines[i] ?? [])];
  });
}

export interface HelperBodyArgs {
  row: Json;
  runDir: string | null;
  trace: PackageTrace;
  targets: string[] | null;
  /** Characters of each source file shown (null: all). */
  textLimit: number | null;
}

export function helperBody({ row, runDir, trace, targets, textLimit }: HelperBodyArgs): SafeHtml {
  const score = obj(row['score']);
  const history = Array.isArray(row['attempt_history']) ? row['attempt_history'].map(obj) : [];
  const diagnostics = attemptDiagnostics(row);
  const count = Math.max(history.length, trace.attempts.length);
  const attempts = Array.from({ length: count }, (_, i) =>
    attemptHtml(i + 1, history[i] ?? {}, trace.attempts[i], diagnostics[i] ?? [], runDir, textLimit),
  );
  const assumptions = strings(row['assumptions']);
  const validation = obj(row['validation']);
  return html`${facts([
    ['passed (ok)', row['ok']],
    ['answer well formed (validation.ok)', validation['ok']],
    ['stopped at', row['failure_stage']],
    ['targets created', `${show(score['created_hits'])} of ${show(score['targets'])}`],
    ['attempts', row['attempts']],
    ['attempt that built', row['successful_attempt']],
    ['timed out', row['timed_out'] === true ? true : null],
    ['error', row['error']],
  ])}<p class="note"><code>ok</code> (passed): an entry function of the built helper ran to the end through the target. <code>validation.ok</code> says only that the last answer was a well-formed <code>helper_pkg_v1</code> payload, before any build: it can be true while the package failed.</p>${targetList(targets)}
<h3>Attempts</h3>${count === 0 ? html`<p class="note">No attempt is recorded.</p>` : attempts}
${assumptions.length > 0 ? html`<p class="who">the model's assumptions</p><ul>${assumptions.map((a) => html`<li>${a}</li>`)}</ul>` : ''}
<h3>The helper's run</h3>${runTraceHtml(row, runDir, trace, targets)}`;
}
