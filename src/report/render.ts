// The report as HTML. (Being written: this first version is the interface the view server builds on.)
import type { ReportInput } from './input.js';
import type { ReportLinks } from './links.js';

export interface RenderOptions {
  links: ReportLinks;
  /** Put every package page into the document (the self-contained file), or link to them (the view). */
  embedPackagePages: boolean;
  title?: string;
}

export async function renderReport(input: ReportInput, options: RenderOptions): Promise<string> {
  await Promise.resolve();
  return `<!doctype html><title>${options.title ?? 'smi-bench report'}</title><p>${input.runs.length} runs</p>`;
}

/** One package of one run, whole (the view server's package page). */
export async function renderPackagePage(
  input: ReportInput,
  runIndex: number,
  rowIndex: number,
  links: ReportLinks,
): Promise<string> {
  await Promise.resolve();
  void links;
  return `<!doctype html><p>${String(input.runs[runIndex]?.rows[rowIndex]?.['package_id'] ?? '')}</p>`;
}
