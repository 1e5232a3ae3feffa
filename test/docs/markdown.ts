// Reads the project's Markdown as GitHub renders it, enough for the docs tests: which files are the docs,
// their fenced code blocks, the anchors their headings get, and the links of their prose.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/paths.js';

/** README.md and every page of docs/, as paths relative to the project. */
export function docFiles(): string[] {
  const pages = readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...pages];
}

export function readDoc(file: string): string {
  return readFileSync(join(PROJECT_ROOT, file), 'utf8');
}

export interface Line {
  /** 1-based, as an editor shows it. */
  number: number;
  text: string;
  inFence: boolean;
}

/** Every line, marked when it lies inside a fenced code block (the fence lines themselves count as inside). */
export function lines(markdown: string): Line[] {
  let fence: string | undefined;
  return markdown.split('\n').map((text, i) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && opener !== undefined) {
      fence = opener;
      return { number: i + 1, text, inFence: true };
    }
    if (fence !== undefined) {
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      return { number: i + 1, text, inFence: true };
    }
    return { number: i + 1, text, inFence: false };
  });
}

/** A line that opens or closes a fenced code block. */
export function isFence(text: string): boolean {
  return /^\s*(`{3,}|~{3,})/.test(text);
}

/** GitHub's anchor for a heading: the rendered text, lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a file's headings; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of lines(markdown)) {
    const heading = /^#{1,6} (.*)$/.exec(line.text)?.[1];
    if (line.inFence || heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

export interface Link {
  line: number;
  target: string;
}

/** Links of the prose (`[text](target)`), leaving out code spans, code blocks and absolute URLs. */
export function relativeLinks(markdown: string): Link[] {
  const links: Link[] = [];
  for (const line of lines(markdown)) {
    if (line.inFence) continue;
    const prose = line.text.replace(/(`+)[^`]*?\1/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: line.number, target });
    }
  }
  return links;
}
