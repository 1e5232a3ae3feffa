// The command reference (docs/commands.md) names options that exist: under each `## <command>` heading,
// every flag of its synopsis (a code span starting with the command's name) and of the first column of
// its tables is one that command declares. A flag renamed in the CLI fails here until the page follows.
import { describe, expect, it } from 'vitest';
import { fragmentRefusal } from './cli-check.js';
import { lines, readDoc } from './markdown.js';

interface Section {
  command: string;
  /** The flags the section documents, each with the line that shows it. */
  flags: { flag: string; line: number }[];
}

const FLAG = /(?<![\w-])--[a-z0-9][a-z0-9-]*/g;

function sections(markdown: string): Section[] {
  const result: Section[] = [];
  let paragraph: { text: string; line: number } | undefined;
  const flush = () => {
    const section = result.at(-1);
    if (paragraph !== undefined && section !== undefined) {
      for (const span of paragraph.text.matchAll(/`([^`]*)`/g)) {
        if (span[1] !== section.command && !span[1]!.startsWith(`${section.command} `)) continue;
        for (const flag of span[1]!.matchAll(FLAG))
          section.flags.push({ flag: flag[0], line: paragraph.line });
      }
    }
    paragraph = undefined;
  };
  for (const line of lines(markdown)) {
    const heading = /^## (.*)$/.exec(line.text)?.[1];
    if (line.inFence || line.text.trim() === '' || heading !== undefined || line.text.startsWith('|'))
      flush();
    if (line.inFence) continue;
    if (heading !== undefined) {
      result.push({ command: heading.trim(), flags: [] });
    } else if (line.text.startsWith('|')) {
      const firstCell = line.text.split('|')[1] ?? '';
      for (const flag of firstCell.matchAll(FLAG))
        result.at(-1)?.flags.push({ flag: flag[0], line: line.number });
    } else if (line.text.trim() !== '') {
      paragraph = { text: `${paragraph?.text ?? ''} ${line.text}`, line: paragraph?.line ?? line.number };
    }
  }
  flush();
  return result;
}

describe('the command reference', () => {
  const found = sections(readDoc('docs/commands.md'));

  it('has a section per command, each naming a command of the CLI', () => {
    expect(found.length).toBeGreaterThanOrEqual(25);
    expect(found.flatMap((s) => fragmentRefusal(s.command.split(' ')) ?? [])).toEqual([]);
    expect(found.reduce((n, s) => n + s.flags.length, 0)).toBeGreaterThan(100);
  });

  it('documents under each command only flags that command has', () => {
    const wrong = found.flatMap(({ command, flags }) =>
      flags.flatMap(({ flag, line }) => {
        const why = fragmentRefusal([...command.split(' '), flag]);
        return why === undefined ? [] : [`docs/commands.md:${line}: ${command} ${flag}: ${why}`];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
