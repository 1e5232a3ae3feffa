// Sui's diagnostics come back as the text `sui move build` prints (codespan's layout). The model reads
// that text as is; rows, the report and `view` need each diagnostic's code and position, parsed here.
import type { MoveDiagnostic, Severity } from '../contracts/sui-build.js';

const HEADER = /^(error|warning|bug)(?:\[([^\]]+)\])?: (.*)$/;
const LOCATION = /^\s*┌─ (.+):(\d+):(\d+)\s*$/;
const CARETS = /\^+/;

/** The diagnostics in the order Sui printed them. */
export function parseDiagnostics(rendered: string): MoveDiagnostic[] {
  const lines = rendered.split('\n');
  const starts: number[] = [];
  lines.forEach((line, index) => {
    if (HEADER.test(line)) starts.push(index);
  });
  return starts.map((start, i) => parseOne(lines.slice(start, starts[i + 1] ?? lines.length)));
}

function parseOne(block: string[]): MoveDiagnostic {
  const [, severity, code, title] = HEADER.exec(block[0]!)!;
  const diagnostic: MoveDiagnostic = {
    severity: severity as Severity,
    code: code ?? null,
    title: title!.trim(),
    message: title!.trim(),
    file: null,
    line: null,
    column: null,
  };
  const at = block.findIndex((line) => LOCATION.test(line));
  if (at < 0) return diagnostic;
  const [, file, line, column] = LOCATION.exec(block[at]!)!;
  diagnostic.file = file!;
  diagnostic.line = Number(line);
  diagnostic.column = Number(column);
  const label = primaryLabel(block.slice(at + 1));
  if (label) diagnostic.message = label;
  return diagnostic;
}

/**
 * The primary label's text in the first snippet: after the carets when it stands alone on their line;
 * when other labels share the line, codespan prints it further down, starting under the carets.
 */
function primaryLabel(snippet: string[]): string | null {
  const end = snippet.findIndex((line) => LOCATION.test(line) || /^\s*= /.test(line));
  const body = end < 0 ? snippet : snippet.slice(0, end);
  const caretLine = body.findIndex((line) => CARETS.test(line) && line.includes('│'));
  if (caretLine < 0) return null;
  const line = body[caretLine]!;
  const match = CARETS.exec(line)!;
  const after = line.slice(match.index + match[0].length).trim();
  if (after !== '' && !/^[-^│]/.test(after)) return after;
  for (const later of body.slice(caretLine + 1)) {
    const text = later.slice(match.index);
    if (text.startsWith('│') || text.trim() === '') continue;
    return text.trim();
  }
  return null;
}

/** One line per diagnostic, as rows and retry prompts list them: `file:line:column: error[E…]: text`. */
export function diagnosticLine(diagnostic: MoveDiagnostic): string {
  const where =
    diagnostic.file === null ? '' : `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: `;
  const code = diagnostic.code === null ? '' : `[${diagnostic.code}]`;
  const detail = diagnostic.message === diagnostic.title ? '' : `: ${diagnostic.message}`;
  return `${where}${diagnostic.severity}${code}: ${diagnostic.title}${detail}`;
}
