// Which Move parser to build on, by measurement: ours (src/move-compiler/parser, hand-written) against
// Mysten's own tree-sitter grammar for Move, the wasm that ships in @mysten/prettier-plugin-move (loaded
// with web-tree-sitter, the way that plugin loads it).
//
// Inputs: every `.move` file under test/move-compiler/helpers/*/sources and test/move-compiler/rejections.
//  (a) Speed, warm: per file, the median of --runs parses after --warmup unmeasured ones, for ours and
//      for tree-sitter (parse only), and for tree-sitter plus a cursor walk that builds a plain JS tree
//      (named nodes with type, field, span and leaf text), which is what a compiler would have to do
//      before it could use tree-sitter's output. Reported as ratios ours / tree-sitter, both measured
//      in the same rounds, interleaved file by file, so the machine's load weighs on both alike.
//  (b) Error positions: on the rejections whose expected code is a syntax error (E01xxx) and on three
//      broken variants of every helper file (a `;` removed, a function's closing `}` removed, a stray `)`
//      inserted), where each parser puts its first error: ours its first error diagnostic (code and
//      line:col), tree-sitter its first ERROR or MISSING node (by start). Rejections are compared with
//      expected.json (Sui's compiler); variants with the token where a left-to-right parser first
//      cannot go on (the convention 47-missing-semicolon and 48-unexpected-token follow: the token after
//      the missing `;`, the stray token itself), and also counted as "near" when the error lies between
//      the edit and that token.
//
//   node dist/perf/move-parser-choice.js [--runs 200] [--warmup 20]
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Parser from 'web-tree-sitter';
import { DiagnosticBag } from '../src/move-compiler/diagnostics.js';
import { parseFile } from '../src/move-compiler/parser/index.js';
import { lineColumn } from '../src/move-compiler/render.js';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { PROJECT_ROOT } from './support/project.js';
import { fmt, fmtRatio, log, median, printTable, startRecord, writeRecord } from './support/report.js';

const USAGE = `usage: node dist/perf/move-parser-choice.js [--runs N] [--warmup N]
  --runs     measured parses of each file by each parser (default 200)
  --warmup   unmeasured rounds first, so V8 optimises our parser (default 20)`;

const MOVE_DIR = join(PROJECT_ROOT, 'test', 'move-compiler');
const HELPERS_DIR = join(MOVE_DIR, 'helpers');
const REJECTIONS_DIR = join(MOVE_DIR, 'rejections');

interface Input {
  /** helpers/<name>/sources/<file> or rejections/<file>. */
  name: string;
  text: string;
}

interface Expectation {
  file: string;
  code: string;
  line: number;
  column: number;
}

function readInputs(): Input[] {
  const inputs: Input[] = [];
  for (const helper of readdirSync(HELPERS_DIR).sort()) {
    const dir = join(HELPERS_DIR, helper, 'sources');
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of files.filter((f) => f.endsWith('.move')).sort()) {
      inputs.push({ name: `helpers/${helper}/sources/${file}`, text: readFileSync(join(dir, file), 'utf8') });
    }
  }
  for (const file of readdirSync(REJECTIONS_DIR)
    .filter((f) => f.endsWith('.move'))
    .sort()) {
    inputs.push({ name: `rejections/${file}`, text: readFileSync(join(REJECTIONS_DIR, file), 'utf8') });
  }
  return inputs;
}

/** Loads the grammar the prettier plugin ships, from the installed package, as the plugin does. */
async function loadTreeSitter(): Promise<{ parser: Parser; wasm: string; abi: number }> {
  const require = createRequire(import.meta.url);
  const wasm = join(
    dirname(require.resolve('@mysten/prettier-plugin-move/package.json')),
    'tree-sitter-move.wasm',
  );
  await Parser.init();
  const language = await Parser.Language.load(wasm);
  const parser = new Parser();
  parser.setLanguage(language);
  return { parser, wasm, abi: language.version };
}

// ---- positions -------------------------------------------------------------------------------------

interface Position {
  line: number;
  column: number;
}

const at = (p: Position | null): string => (p ? `${p.line}:${p.column}` : '-');

/** Line:col of a UTF-16 index (tree-sitter's startIndex, JS string positions). */
function positionOfIndex(text: string, index: number): Position {
  return lineColumn(text, Buffer.byteLength(text.slice(0, index), 'utf8'));
}

interface OurError {
  code: string;
  position: Position;
  index: number;
}

/** Our parser's first error (in source order), or null when it accepts the text. */
function ourFirstError(name: string, text: string, syntaxOnly = false): OurError | null {
  const bag = new DiagnosticBag();
  parseFile(name, text, bag);
  const first = bag
    .sorted()
    .find((d) => d.code.severity !== 'warning' && (!syntaxOnly || d.code.code.startsWith('E01')));
  if (!first) return null;
  const position = lineColumn(text, first.primary.loc.start);
  const index = Buffer.from(text, 'utf8').subarray(0, first.primary.loc.start).toString('utf8').length;
  return { code: first.code.code, position, index };
}

interface TsError {
  /** `ERROR`, or `MISSING ";"` for a token tree-sitter inserted to recover. */
  kind: string;
  position: Position;
  index: number;
  /** End of the node's span (UTF-16 index): an ERROR node covers the text tree-sitter could not fit. */
  end: number;
}

/** Tree-sitter's first ERROR or MISSING node by start (outermost first on a tie), or null. */
function tsFirstError(parser: Parser, text: string): TsError | null {
  const tree = parser.parse(text);
  try {
    let best: Parser.SyntaxNode | null = null;
    const visit = (node: Parser.SyntaxNode): void => {
      if (best && node.startIndex >= best.startIndex) return;
      if (node.type === 'ERROR' || node.isMissing()) {
        best = node;
        return;
      }
      for (const child of node.children) if (child.hasError() || child.isMissing()) visit(child);
    };
    if (tree.rootNode.hasError()) visit(tree.rootNode);
    const found = best as Parser.SyntaxNode | null;
    if (!found) return null;
    const kind = found.isMissing() ? `MISSING "${found.type}"` : 'ERROR';
    return {
      kind,
      position: positionOfIndex(text, found.startIndex),
      index: found.startIndex,
      end: found.endIndex,
    };
  } finally {
    tree.delete();
  }
}

// ---- broken variants -------------------------------------------------------------------------------

interface Variant {
  kind: 'missing ;' | 'missing }' | 'stray )';
  source: string;
  text: string;
  /** Where the edit is, in the broken text (UTF-16 index). */
  editIndex: number;
  /** The first token a left-to-right parser cannot accept (UTF-16 index in the broken text). */
  referenceIndex: number;
}

/** Index of the next token at or after `i`: skips blanks and comments. */
function nextTokenIndex(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return i;
  }
}

/** The three variants of one valid file, located with tree-sitter's concrete tree of the valid text. */
function makeVariants(parser: Parser, input: Input): Variant[] {
  const { text } = input;
  const tree = parser.parse(text);
  try {
    const root = tree.rootNode;
    if (root.hasError()) return [];
    const variants: Variant[] = [];
    const remove = (kind: Variant['kind'], index: number) => {
      const broken = text.slice(0, index) + text.slice(index + 1);
      variants.push({
        kind,
        source: input.name,
        text: broken,
        editIndex: index,
        referenceIndex: nextTokenIndex(broken, index),
      });
    };
    const firstLet = root.descendantsOfType('let_statement')[0];
    const semicolon = firstLet?.parent?.children.find(
      (c) => c.type === ';' && c.startIndex >= firstLet.endIndex,
    );
    if (semicolon) remove('missing ;', semicolon.startIndex);
    const functions = root.descendantsOfType('function_definition');
    const body = functions.length >= 2 ? functions[0]!.childForFieldName('body') : null;
    if (body?.lastChild?.type === '}') remove('missing }', body.lastChild.startIndex);
    if (firstLet) {
      const index = firstLet.startIndex;
      variants.push({
        kind: 'stray )',
        source: input.name,
        text: text.slice(0, index) + ') ' + text.slice(index),
        editIndex: index,
        referenceIndex: index,
      });
    }
    return variants;
  } finally {
    tree.delete();
  }
}

// ---- speed -----------------------------------------------------------------------------------------

interface PlainNode {
  type: string;
  field: string | null;
  start: number;
  end: number;
  text?: string;
  children: PlainNode[];
}

/** Tree-sitter's tree as plain JS objects: named nodes, their field, span, and text at the leaves. */
function buildPlainTree(tree: Parser.Tree, text: string): PlainNode {
  const cursor = tree.walk();
  const build = (): PlainNode => {
    const node: PlainNode = {
      type: cursor.nodeType,
      field: cursor.currentFieldName() ?? null,
      start: cursor.startIndex,
      end: cursor.endIndex,
      children: [],
    };
    if (cursor.gotoFirstChild()) {
      do {
        if (cursor.nodeIsNamed) node.children.push(build());
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
    if (node.children.length === 0) node.text = text.slice(node.start, node.end);
    return node;
  };
  try {
    return build();
  } finally {
    cursor.delete();
  }
}

interface Timing {
  name: string;
  lines: number;
  ours: number;
  ts: number;
  tsWalk: number;
}

/** Per-file medians (ms), the three parsers interleaved file by file in every round. */
function measureSpeed(parser: Parser, inputs: Input[], runs: number, warmup: number): Timing[] {
  const samples = inputs.map(() => ({ ours: [] as number[], ts: [] as number[], tsWalk: [] as number[] }));
  let sink = 0;
  for (let round = 0; round < warmup + runs; round++) {
    inputs.forEach((input, i) => {
      let start = performance.now();
      const ast = parseFile(input.name, input.text, new DiagnosticBag());
      const ours = performance.now() - start;
      sink += ast.modules.length;

      start = performance.now();
      const tree = parser.parse(input.text);
      const ts = performance.now() - start;
      sink += tree.rootNode.childCount;
      tree.delete();

      start = performance.now();
      const walked = parser.parse(input.text);
      const plain = buildPlainTree(walked, input.text);
      const tsWalk = performance.now() - start;
      sink += plain.children.length;
      walked.delete();

      if (round >= warmup) {
        samples[i]!.ours.push(ours);
        samples[i]!.ts.push(ts);
        samples[i]!.tsWalk.push(tsWalk);
      }
    });
  }
  if (sink < 0) log('unreachable');
  return inputs.map((input, i) => ({
    name: input.name,
    lines: input.text.split('\n').length,
    ours: median(samples[i]!.ours),
    ts: median(samples[i]!.ts),
    tsWalk: median(samples[i]!.tsWalk),
  }));
}

// ---- main ------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { runs: 200, warmup: 20 });
  const record = startRecord('move-parser-choice', { runs: options.runs, warmup: options.warmup });

  const loadStart = performance.now();
  const { parser, wasm, abi } = await loadTreeSitter();
  const loadMs = performance.now() - loadStart;
  const inputs = readInputs();
  const expectations = JSON.parse(
    readFileSync(join(REJECTIONS_DIR, 'expected.json'), 'utf8'),
  ) as Expectation[];
  const syntaxFiles = new Set(
    expectations.filter((e) => e.code.startsWith('E01')).map((e) => `rejections/${e.file}`),
  );
  // Syntactically valid for Sui: the helpers (they build) and the rejections whose first error is not E01.
  const validInputs = inputs.filter((input) => !syntaxFiles.has(input.name));

  // Grammar coverage first: a parser that rejects valid Move 2024 is out whatever its speed. Ours also
  // reports a few non-syntax errors while parsing, as Sui's parser does (E03008 for `vector<>`): only
  // its E01 (syntax) errors count here.
  const oursRejectsValid = validInputs.filter(
    (input) => ourFirstError(input.name, input.text, true) !== null,
  );
  const tsRejectsValid = validInputs.filter((input) => tsFirstError(parser, input.text) !== null);
  for (const input of tsRejectsValid) {
    const error = tsFirstError(parser, input.text)!;
    log(`tree-sitter rejects valid ${input.name}: ${error.kind} at ${at(error.position)}`);
  }
  for (const input of oursRejectsValid) {
    const error = ourFirstError(input.name, input.text, true)!;
    log(`our parser rejects valid ${input.name}: ${error.code} at ${at(error.position)}`);
  }

  // (a) speed
  const timings = measureSpeed(parser, inputs, options.runs, options.warmup);
  const sum = (key: 'ours' | 'ts' | 'tsWalk') => timings.reduce((n, t) => n + t[key], 0);
  const oursMs = sum('ours');
  const tsMs = sum('ts');
  const tsWalkMs = sum('tsWalk');
  const perFile = (key: 'ts' | 'tsWalk') => timings.map((t) => t.ours / t[key]).sort((a, b) => a - b);
  const ratiosTs = perFile('ts');
  const ratiosWalk = perFile('tsWalk');
  const lines = timings.reduce((n, t) => n + t.lines, 0);

  printTable(
    `Parse speed, warm: ${inputs.length} files, ${lines} lines; per file the median of ${options.runs} parses`,
    ['measure', 'value'],
    [
      ['ours / tree-sitter parse only (sum of per-file medians)', fmtRatio(oursMs / tsMs)],
      ['  per file: median ratio', fmtRatio(median(ratiosTs))],
      ['  per file: min .. max', `${fmtRatio(ratiosTs[0]!)} .. ${fmtRatio(ratiosTs.at(-1)!)}`],
      ['ours / tree-sitter + walk to a JS tree (sum)', fmtRatio(oursMs / tsWalkMs)],
      ['  per file: median ratio', fmtRatio(median(ratiosWalk))],
      ['  per file: min .. max', `${fmtRatio(ratiosWalk[0]!)} .. ${fmtRatio(ratiosWalk.at(-1)!)}`],
      ['ours, all files, ms (sum of medians)', oursMs],
      ['tree-sitter parse only, all files, ms', tsMs],
      ['tree-sitter + walk, all files, ms', tsWalkMs],
      ['tree-sitter one-time init + grammar load, ms (cold)', loadMs],
    ],
  );

  // (b) error positions: the syntax-error rejections
  const rejectionRows: (string | number)[][] = [];
  const rejectionResults: Record<string, unknown>[] = [];
  let oursRejectionHits = 0;
  let tsRejectionHits = 0;
  for (const expected of expectations.filter((e) => e.code.startsWith('E01'))) {
    const input = inputs.find((i) => i.name === `rejections/${expected.file}`)!;
    const ours = ourFirstError(input.name, input.text);
    const ts = tsFirstError(parser, input.text);
    const want = `${expected.line}:${expected.column}`;
    const oursHit = ours !== null && ours.code === expected.code && at(ours.position) === want;
    const tsHit = ts !== null && at(ts.position) === want;
    if (oursHit) oursRejectionHits++;
    if (tsHit) tsRejectionHits++;
    rejectionRows.push([
      expected.file,
      `${expected.code} ${want}`,
      ours ? `${ours.code} ${at(ours.position)}${oursHit ? ' =' : ''}` : 'no error (parser)',
      ts ? `${ts.kind} ${at(ts.position)}${tsHit ? ' =' : ''}` : 'no error',
    ]);
    rejectionResults.push({
      file: expected.file,
      expected: `${expected.code} ${want}`,
      ours: ours ? `${ours.code} ${at(ours.position)}` : null,
      tree_sitter: ts ? `${ts.kind} ${at(ts.position)}` : null,
    });
  }
  printTable(
    'Syntax-error rejections: first error (= matches expected.json, from Sui)',
    ['file', 'expected (Sui)', 'ours', 'tree-sitter'],
    rejectionRows,
  );

  // (b) error positions: broken variants of the valid helper files
  const helperInputs = inputs.filter((input) => input.name.startsWith('helpers/'));
  const variants = helperInputs.flatMap((input) => makeVariants(parser, input));
  const kinds = ['missing ;', 'missing }', 'stray )'] as const;
  const stats = Object.fromEntries(
    kinds.map((k) => [
      k,
      {
        n: 0,
        oursExact: 0,
        oursNear: 0,
        oursNone: 0,
        tsExact: 0,
        tsNear: 0,
        tsCovers: 0,
        tsEarlier: 0,
        tsNone: 0,
      },
    ]),
  );
  const samples: (string | number)[][] = [];
  const misses: Record<string, string>[] = [];
  for (const variant of variants) {
    const s = stats[variant.kind]!;
    s.n++;
    const ours = ourFirstError(variant.source, variant.text);
    const ts = tsFirstError(parser, variant.text);
    const lo = Math.min(variant.editIndex, variant.referenceIndex);
    const near = (index: number) => index >= lo && index <= variant.referenceIndex;
    if (!ours) s.oursNone++;
    else {
      if (ours.index === variant.referenceIndex) s.oursExact++;
      if (near(ours.index)) s.oursNear++;
    }
    if (!ts) s.tsNone++;
    else {
      if (ts.index === variant.referenceIndex) s.tsExact++;
      if (near(ts.index)) s.tsNear++;
      if (ts.index < Math.min(variant.editIndex, variant.referenceIndex)) s.tsEarlier++;
      if (near(ts.index) || (ts.index <= variant.referenceIndex && variant.referenceIndex < ts.end))
        s.tsCovers++;
    }
    if (ours?.index !== variant.referenceIndex || ts?.index !== variant.referenceIndex) {
      misses.push({
        file: variant.source,
        edit: variant.kind,
        edit_at: at(positionOfIndex(variant.text, variant.editIndex)),
        reference: at(positionOfIndex(variant.text, variant.referenceIndex)),
        ours: ours ? `${ours.code} ${at(ours.position)}` : 'no error',
        tree_sitter: ts ? `${ts.kind} ${at(ts.position)}` : 'no error',
      });
    }
    // A few examples per kind, for the reader to see what the two report.
    if (samples.filter((row) => row[1] === variant.kind).length < 3) {
      samples.push([
        variant.source.replace(/^helpers\//, '').replace('/sources/', '/'),
        variant.kind,
        at(positionOfIndex(variant.text, variant.editIndex)),
        at(positionOfIndex(variant.text, variant.referenceIndex)),
        ours ? `${ours.code} ${at(ours.position)}` : 'no error',
        ts ? `${ts.kind} ${at(ts.position)}` : 'no error',
      ]);
    }
  }
  printTable(
    'Broken variants of the helper files: examples',
    ['file', 'edit', 'edit at', 'reference', 'ours', 'tree-sitter'],
    samples,
  );
  const pct = (k: number, n: number) => `${k}/${n} (${n ? Math.round((100 * k) / n) : 0}%)`;
  printTable(
    'Broken variants: first error at the reference token (exact), between the edit and it (near); ' +
      'ts covers: near, or the ERROR span contains the reference token',
    ['edit', 'files', 'ours exact', 'ours near', 'ts exact', 'ts near', 'ts covers', 'ours none', 'ts none'],
    kinds.map((k) => {
      const s = stats[k]!;
      return [
        k,
        s.n,
        pct(s.oursExact, s.n),
        pct(s.oursNear, s.n),
        pct(s.tsExact, s.n),
        pct(s.tsNear, s.n),
        pct(s.tsCovers, s.n),
        s.oursNone,
        s.tsNone,
      ];
    }),
  );
  const total = (key: 'oursExact' | 'oursNear' | 'tsExact' | 'tsNear' | 'tsCovers' | 'tsEarlier') =>
    kinds.reduce((n, k) => n + stats[k]![key], 0);

  const speed = (r: number) =>
    r < 1 ? `${(1 / r).toFixed(1)}× faster than` : `${r.toFixed(1)}× slower than`;
  const oursFaster = oursMs < tsMs;
  const oursPlacesBetter = total('oursExact') >= total('tsExact') && oursRejectionHits >= tsRejectionHits;
  const verdict =
    oursFaster && oursPlacesBetter && oursRejectsValid.length <= tsRejectsValid.length
      ? 'On every measure here the hand-written parser is at least as good: keep it.'
      : 'The measures do not all favour the hand-written parser: weigh the figures above before choosing.';
  const conclusion =
    `Conclusion: on ${inputs.length} files (${lines} lines) our parser is ${speed(oursMs / tsMs)} ` +
    `tree-sitter's parse alone (per-file median ratio ${fmtRatio(median(ratiosTs))}) and ` +
    `${speed(oursMs / tsWalkMs)} tree-sitter plus the walk that brings its tree into JS objects, and ` +
    `tree-sitter also pays ${fmt(loadMs)} ms once to load its wasm. On the ${syntaxFiles.size} syntax-error ` +
    `rejections ours reports Sui's code at Sui's position in ${oursRejectionHits}, tree-sitter's first ` +
    `ERROR/MISSING node is at Sui's position in ${tsRejectionHits}; on ${variants.length} broken variants of ` +
    `the helpers ours is at the reference token in ${total('oursExact')} and tree-sitter in ` +
    `${total('tsExact')} (in ${total('tsEarlier')} its first ERROR node starts before the edit, at an ` +
    `enclosing construct), and tree-sitter has no code or message to show. Of ${validInputs.length} ` +
    `files Sui parses, tree-sitter rejects ${tsRejectsValid.length} and ours ${oursRejectsValid.length}. ` +
    verdict;
  process.stdout.write(`\n${conclusion}\n`);

  writeRecord(
    record,
    {
      tree_sitter: { wasm, language_abi: abi, web_tree_sitter: '0.20.8', init_and_load_ms: loadMs },
      results: {
        files: inputs.length,
        lines,
        ours_ms_sum_of_medians: oursMs,
        tree_sitter_ms_sum_of_medians: tsMs,
        tree_sitter_walk_ms_sum_of_medians: tsWalkMs,
        ours_to_tree_sitter: oursMs / tsMs,
        ours_to_tree_sitter_walk: oursMs / tsWalkMs,
        per_file_median_ratio: median(ratiosTs),
        per_file_median_ratio_walk: median(ratiosWalk),
        valid_files: validInputs.length,
        ours_rejects_valid: oursRejectsValid.map((i) => i.name),
        tree_sitter_rejects_valid: tsRejectsValid.map((i) => i.name),
        syntax_rejections: rejectionResults,
        variants: stats,
        variant_misses: misses,
      },
      per_file_ms: timings,
    },
    {
      lines: [
        `ours / tree-sitter parse ${fmtRatio(oursMs / tsMs)}; with walk to JS ${fmtRatio(oursMs / tsWalkMs)} ` +
          `(${inputs.length} files, ${lines} lines)`,
        `syntax rejections at Sui's position: ours ${oursRejectionHits}/${syntaxFiles.size}, ` +
          `tree-sitter ${tsRejectionHits}/${syntaxFiles.size}`,
        `broken variants, first error at the reference token: ours ${total('oursExact')}/${variants.length}, ` +
          `tree-sitter ${total('tsExact')}/${variants.length}`,
        `valid files rejected: ours ${oursRejectsValid.length}, tree-sitter ${tsRejectsValid.length} ` +
          `of ${validInputs.length}`,
      ],
      pass: null,
    },
  );
  return 0;
}

await runScript(main);
