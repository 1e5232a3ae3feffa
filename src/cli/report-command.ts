// `smi-bench report RUN_OR_SET... --out report.html [--figures DIR]`: compare's leaderboards, the figures
// and every package's page in one HTML file that works offline; the figures also as files for papers.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CompareInputError } from '../compare/load-runs.js';
import { loadReportInput, type ReportInput } from '../report/input.js';
import { FILE_LINKS } from '../report/links.js';
import { renderReport, tracesOf } from '../report/render.js';
import { reportFigures } from '../report/figures.js';
import { figureSvg, svgToPng } from '../report/figure-render.js';
import { plural } from '../core/plural.js';
import { settingsDiffer } from '../compare/format.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export interface ReportOptions {
  out: string;
  figures?: string;
  title?: string;
  logDir: string;
}

function load(args: string[], logDir: string): ReportInput {
  try {
    return loadReportInput(args, logDir);
  } catch (err) {
    if (err instanceof CompareInputError) throw new UsageError(err.message);
    throw err;
  }
}

async function refuseFolder(path: string, what: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) throw new UsageError(`${what} ${path} is a folder; give a file name`);
}

async function writeFigures(input: ReportInput, dir: string, io: CliIO): Promise<void> {
  const figures = reportFigures(input, tracesOf(input));
  await mkdir(dir, { recursive: true });
  for (const figure of figures) {
    const svg = await figureSvg(figure.spec);
    await writeFile(join(dir, `${figure.id}.svg`), svg);
    await writeFile(join(dir, `${figure.id}.png`), svgToPng(svg));
  }
  io.log(`${figures.length} figures written to ${dir} (SVG and PNG): ${figures.map((f) => f.id).join(', ')}`);
}

export async function runReport(args: string[], opts: ReportOptions, io: CliIO): Promise<number> {
  const out = resolve(opts.out);
  await refuseFolder(out, '--out');
  const input = load(args, opts.logDir);
  const page = await renderReport(input, {
    links: FILE_LINKS,
    embedPackagePages: true,
    ...(opts.title ? { title: opts.title } : {}),
  });
  await writeFile(out, page);
  const packages = input.runs.reduce((n, r) => n + r.rows.length, 0);
  io.log(
    `report written to ${out} (${(Buffer.byteLength(page) / 1e6).toFixed(2)} MB; ${plural(input.runs.length + input.sandboxRuns.length, 'run')}, ${plural(packages, 'package page')})`,
  );
  if (opts.figures) await writeFigures(input, resolve(opts.figures), io);
  for (const board of input.boards)
    if (board.differences.length > 0)
      io.log(
        `warning: the ${board.phase} runs are not comparable (${settingsDiffer(board.differences.length)}; the report says which)`,
      );
  return 0;
}
