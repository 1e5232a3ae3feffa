// The README is a front door: a newcomer finds the two commands before anything else, and the whole of it
// reads in minutes; the reference lives in docs/.
import { describe, expect, it } from 'vitest';
import { isFence, lines, readDoc } from './markdown.js';

const readme = readDoc('README.md');

describe('the README', () => {
  it('has at most 400 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(400);
  });

  it('shows the demo and the tests command in its first code block', () => {
    const all = lines(readme);
    const start = all.findIndex((line) => line.inFence);
    const end = all.findIndex((line, i) => i > start && isFence(line.text));
    const commands = all.slice(start + 1, end).map((line) => line.text.replace(/#.*$/, '').trim());
    expect(commands).toEqual(['npm ci && npm run demo', 'npm test']);
  });
});
