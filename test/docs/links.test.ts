// Every relative link of README.md and docs/ leads somewhere: to a file of the project, and, with a
// `#anchor`, to a heading of that file. Pages move and headings change; a reader should never land nowhere.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';
import { anchors, docFiles, readDoc, relativeLinks } from './markdown.js';

/** What is wrong with one link of `file`, or undefined when it resolves. */
function brokenBecause(file: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#', 2);
  const linked = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
  if (linked.startsWith('..')) return `${linked} is outside the project`;
  if (!existsSync(join(PROJECT_ROOT, linked))) return `${linked} does not exist`;
  if (anchor === undefined) return undefined;
  if (!linked.endsWith('.md')) return `#${anchor} points into ${linked}, which has no headings`;
  return anchors(readDoc(linked)).has(anchor) ? undefined : `${linked} has no heading #${anchor}`;
}

describe('links of the documentation', () => {
  const files = docFiles();

  it('covers the README and at least five docs pages', () => {
    expect(files[0]).toBe('README.md');
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  it.each(files)('%s: every relative link resolves to a file and every #anchor to a heading', (file) => {
    const broken = relativeLinks(readDoc(file)).flatMap(({ line, target }) => {
      const why = brokenBecause(file, target);
      return why === undefined ? [] : [`${file}:${line}: (${target}): ${why}`];
    });
    expect(broken).toEqual([]);
  });
});
