// The commands the documentation shows, in code blocks and code spans, cut into shell words: each
// `smi-bench` call (through npx, node bin/smi-bench.js or the compose file's `cli` service), each
// `npm run`, each script run by path.
import { isFence, lines } from './markdown.js';

export type DocCommand =
  | { kind: 'smi-bench'; args: string[] }
  /** Prose naming a command and some of its flags (`smi-bench status RUN --log-dir DIR`), not a whole line. */
  | { kind: 'smi-bench-fragment'; args: string[] }
  | { kind: 'npm-run'; script: string }
  | { kind: 'file'; path: string };

export interface Found {
  /** Where it was shown: `file:line`. */
  where: string;
  text: string;
  command: DocCommand;
}

/** Words of one shell line, quotes removed; `#` starts a comment; `&&`, `||`, `;` and `|` are words of their own. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else if (/[;&|]/.test(c) && word === undefined) {
      const twice = line[i + 1] === c && c !== ';';
      words.push(twice ? c + c : c);
      if (twice) i++;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

const SEPARATORS = new Set(['&&', '||', ';', '|', '&']);

/** The simple commands of a line's words, split at `&&`, `|`, …, without redirections. */
function simpleCommands(words: string[]): string[][] {
  const commands: string[][] = [[]];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (SEPARATORS.has(word)) commands.push([]);
    else if (/^\d?>>?$/.test(word)) i++;
    else if (!/^\d?>>?./.test(word)) commands.at(-1)!.push(word);
  }
  return commands.filter((c) => c.length > 0);
}

/** What a simple command runs, when it is one the docs tests check. */
function classify(words: string[]): DocCommand | undefined {
  let rest = words[0] === '$' ? words.slice(1) : words;
  while (rest.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0]!)) rest = rest.slice(1);
  const [first, second, third] = rest;
  if (first === 'npx' && second === 'smi-bench') return { kind: 'smi-bench', args: rest.slice(2) };
  if (first === 'smi-bench') return { kind: 'smi-bench', args: rest.slice(1) };
  if (first === 'node' && second === 'bin/smi-bench.js') return { kind: 'smi-bench', args: rest.slice(2) };
  if (first === 'docker' && second === 'compose' && third === 'run') {
    const service = rest.slice(3).filter((w) => !w.startsWith('-'));
    if (service[0] === 'cli') return { kind: 'smi-bench', args: rest.slice(rest.indexOf('cli', 3) + 1) };
    return undefined;
  }
  if (first === 'npm' && second === 'run' && third !== undefined) return { kind: 'npm-run', script: third };
  if (first === 'npm' && second === 'test') return { kind: 'npm-run', script: 'test' };
  if ((first === 'bash' || first === 'node') && second !== undefined && !second.startsWith('-'))
    return { kind: 'file', path: second };
  if (first !== undefined && /^(\.\/)?[\w.-]+\/[\w./-]+\.sh$/.test(first))
    return { kind: 'file', path: first };
  return undefined;
}

/**
 * The commands of a prose line: its code spans that start as a user would type them (`npx smi-bench …`,
 * `npm run …`), and those that name a command (`smi-bench status RUN`), as fragments.
 */
function inlineCommands(text: string): DocCommand[] {
  return [...text.matchAll(/`((?:npx smi-bench|npm run|smi-bench) [^`]*)`/g)].flatMap((m) => {
    const words = shellWords(m[1]!);
    if (words[0] === 'smi-bench') return [{ kind: 'smi-bench-fragment' as const, args: words.slice(1) }];
    const command = classify(words);
    return command === undefined ? [] : [command];
  });
}

/**
 * Every command of one Markdown file: in code blocks (a line ending in a backslash joined to the next), and in
 * code spans of the prose (see inlineCommands).
 */
export function docCommands(file: string, markdown: string): Found[] {
  const found: Found[] = [];
  const add = (number: number, text: string, command: DocCommand | undefined) => {
    if (command !== undefined) found.push({ where: `${file}:${number}`, text: text.trim(), command });
  };
  let pending: { number: number; text: string } | undefined;
  for (const line of lines(markdown)) {
    if (!line.inFence) {
      for (const command of inlineCommands(line.text)) add(line.number, line.text, command);
      continue;
    }
    if (isFence(line.text)) continue;
    const text = pending === undefined ? line.text : `${pending.text.trimEnd()} ${line.text.trim()}`;
    const number = pending?.number ?? line.number;
    pending = /\\\s*$/.test(text) ? { number, text: text.replace(/\\\s*$/, '') } : undefined;
    if (pending === undefined)
      for (const words of simpleCommands(shellWords(text))) add(number, text, classify(words));
  }
  return found;
}
