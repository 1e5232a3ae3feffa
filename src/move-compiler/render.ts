// Diagnostics as Sui's compiler prints them (codespan layout): a header, the file and position of the
// primary label, then each labelled source line with `^^^` under the primary span and `---` under
// secondary ones. A label spanning several lines is drawn on its first line only.
import type { Loc } from './ast.js';
import type { Diagnostic, Label } from './diagnostics.js';
import { Utf8Offsets } from './parser/utf8-offsets.js';

/** 1-based line and column (in characters) of a UTF-8 byte offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const index = new Utf8Offsets(text).toIndex(offset);
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: Array.from(text.slice(lineStart, index)).length + 1 };
}

/** One line per diagnostic, for logs: `sources/m.move:5:22: error[E04007]: incompatible types: ...`. */
export function formatDiagnosticLine(diagnostic: Diagnostic, sources: Map<string, string>): string {
  const { loc, message } = diagnostic.primary;
  const text = sources.get(loc.file);
  const where = text === undefined ? loc.file : `${loc.file}:${positionText(text, loc)}`;
  return `${where}: ${header(diagnostic)}: ${message.replace(/\n/g, '; ')}`;
}

export function renderDiagnostics(diagnostics: Diagnostic[], sources: Map<string, string>): string {
  return diagnostics.map((diagnostic) => renderOne(diagnostic, sources)).join('\n');
}

function header(diagnostic: Diagnostic): string {
  return `${diagnostic.code.severity}[${diagnostic.code.code}]: ${diagnostic.code.title}`;
}

function positionText(text: string, loc: Loc): string {
  const { line, column } = lineColumn(text, loc.start);
  return `${line}:${column}`;
}

interface PlacedLabel {
  line: number;
  /** 0-based character columns on that line, end exclusive and at least start + 1. */
  start: number;
  end: number;
  message: string;
  isPrimary: boolean;
}

function renderOne(diagnostic: Diagnostic, sources: Map<string, string>): string {
  const out = [header(diagnostic)];
  const labels = [
    { ...diagnostic.primary, isPrimary: true },
    ...diagnostic.secondary.map((label) => ({ ...label, isPrimary: false })),
  ];
  const files = [...new Set(labels.map((label) => label.loc.file))];
  let width = 1;
  const sections: { file: string; text: string | undefined; placed: PlacedLabel[] }[] = [];
  for (const file of files) {
    const text = sources.get(file);
    const fileLabels = labels.filter((label) => label.loc.file === file);
    const placed = text === undefined ? [] : fileLabels.map((label) => place(text, label, label.isPrimary));
    for (const label of placed) width = Math.max(width, String(label.line).length);
    sections.push({ file, text, placed });
  }
  const pad = ' '.repeat(width);
  for (const { file, text, placed } of sections) {
    const anchor = labels.find((label) => label.loc.file === file);
    const position = text === undefined || anchor === undefined ? '' : `:${positionText(text, anchor.loc)}`;
    out.push(`${pad} ┌─ ${file}${position}`, `${pad} │`);
    if (text !== undefined) out.push(...renderLines(text.split('\n'), placed, width));
  }
  for (const note of diagnostic.notes) out.push(`${pad} = ${note.replace(/\n/g, `\n${pad}   `)}`);
  return `${out.join('\n')}\n`;
}

function place(text: string, label: Label, isPrimary: boolean): PlacedLabel {
  const start = lineColumn(text, label.loc.start);
  const end = lineColumn(text, label.loc.end);
  const startColumn = start.column - 1;
  const lineLength = Array.from(text.split('\n')[start.line - 1] ?? '').length;
  const endColumn = end.line === start.line ? end.column - 1 : Math.max(lineLength, startColumn + 1);
  return {
    line: start.line,
    start: startColumn,
    end: Math.max(endColumn, startColumn + 1),
    message: label.message,
    isPrimary,
  };
}

function renderLines(sourceLines: string[], placed: PlacedLabel[], width: number): string[] {
  const gutter = `${' '.repeat(width)} │`;
  const lines = [...new Set(placed.map((label) => label.line))].sort((a, b) => a - b);
  const out: string[] = [];
  let previous: number | undefined;
  for (const line of lines) {
    if (previous !== undefined && line - previous === 2)
      out.push(sourceRow(sourceLines, previous + 1, width));
    else if (previous !== undefined && line - previous > 2) out.push(`${' '.repeat(width)} ·`);
    out.push(sourceRow(sourceLines, line, width));
    out.push(
      ...labelRows(
        placed.filter((label) => label.line === line),
        gutter,
      ),
    );
    previous = line;
  }
  return out;
}

function sourceRow(sourceLines: string[], line: number, width: number): string {
  return `${String(line).padStart(width)} │ ${(sourceLines[line - 1] ?? '').replace(/\r$/, '')}`;
}

/** The underline row, then the messages that do not fit at its end, rightmost first. */
function labelRows(labels: PlacedLabel[], gutter: string): string[] {
  const sorted = [...labels].sort((a, b) => a.start - b.start || Number(b.isPrimary) - Number(a.isPrimary));
  const marks: string[] = [];
  for (const label of sorted) {
    for (let column = label.start; column < label.end; column++) {
      if (marks[column] !== '^') marks[column] = label.isPrimary ? '^' : '-';
    }
  }
  const underline = Array.from(marks, (mark) => mark ?? ' ').join('');
  const last = sorted[sorted.length - 1];
  const trailingFits =
    last !== undefined &&
    !last.message.includes('\n') &&
    sorted.slice(0, -1).every((other) => other.end <= last.start && other.start < last.start);
  const hanging = trailingFits ? sorted.slice(0, -1) : sorted;
  const rows = [
    `${gutter} ${underline}${trailingFits && last.message !== '' ? ` ${last.message}` : ''}`.trimEnd(),
  ];
  const withMessages = hanging.filter((label) => label.message !== '');
  if (withMessages.length === 0) return rows;
  const columns = [...new Set(withMessages.map((label) => label.start))].sort((a, b) => a - b);
  const pointers = (upTo: number): string => {
    const chars: string[] = [];
    for (const column of columns) if (column < upTo) chars[column] = '│';
    return Array.from(chars, (c) => c ?? ' ').join('');
  };
  rows.push(`${gutter} ${pointers(Infinity)}`.trimEnd());
  for (const column of [...columns].reverse()) {
    const prefix = pointers(column).padEnd(column);
    for (const label of withMessages.filter((candidate) => candidate.start === column)) {
      for (const messageLine of label.message.split('\n')) rows.push(`${gutter} ${prefix}${messageLine}`);
    }
  }
  return rows;
}
