// Builds helper programs with Sui's compiler against Sui's real framework sources (the oracle), several in
// one package where that cannot change any program's verdict, and compares each with the build the product
// made of it alone against its stubs.
//
// A build against the real framework costs seconds (Sui checks ~90 modules with their bodies), so programs
// share oracle builds: each goes into the package under a folder and a named address of its own (renamed
// in its text, lines unchanged), at an address of its own so equal module names do not collide. Where Sui's
// compiler stops depends on the errors of the whole package (it goes on past typing after errors that do not
// block, stops there after one that does), so another program's errors could stop a batch before a pass
// that would have reported more of this program's. A program is settled in a batch only when:
// - its product build succeeded and the batch has no error at all (every pass ran on every module), with
//   the same warnings in its files; or
// - its product build failed, no other program of the batch has an error, and the batch gives exactly its
//   errors in its files: the batch then stops where the program alone stops.
// Anything else is settled by halving the batch down to the program alone, so a batch never hides a
// disagreement and never invents one. A rejected program is thus worth building alone from the start.
import { compileAgainst } from '../../src/sui-compiler/compile.js';
import type { BuildDependencies } from '../../src/sui-compiler/dependencies.js';
import type { MoveDiagnostic, SourceFile, SuiBuildResult } from '../../src/contracts/sui-build.js';

export interface Program {
  id: string;
  moveToml: string;
  files: SourceFile[];
}

/** A build's outcome as compared: `code@file:line` of each error (in Sui's order) and each warning. */
export interface Verdict {
  ok: boolean;
  errors: string[];
  warnings: string[];
}

export interface Comparison {
  program: Program;
  product: Verdict;
  oracle: Verdict;
  agree: boolean;
}

const located = (d: MoveDiagnostic, file: string | null) =>
  `${d.code ?? '-'}@${file ?? '-'}:${d.line ?? '-'}`;

/** `result`'s verdict; a diagnostic outside the package's own files is in a dependency (the stub or the source). */
export function verdictOf(result: SuiBuildResult, ownFiles: ReadonlySet<string>): Verdict {
  const at = (d: MoveDiagnostic) =>
    located(d, d.file !== null && ownFiles.has(d.file) ? d.file : '<dependency>');
  return {
    ok: result.ok,
    errors: result.diagnostics.filter((d) => d.severity !== 'warning').map(at),
    warnings: result.diagnostics.filter((d) => d.severity === 'warning').map(at),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const verdictsAgree = (a: Verdict, b: Verdict) =>
  a.ok === b.ok && sameList(a.errors, b.errors) && (!a.ok || sameList(a.warnings, b.warnings));

/** The named addresses a program's Move.toml sets to 0x0: its own modules' addresses. */
function ownAddresses(moveToml: string): string[] {
  const names: string[] = [];
  let section = '';
  for (const line of moveToml.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) section = header[1]!;
    const entry = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"0x0+"\s*$/.exec(line);
    if (entry && section === 'addresses') names.push(entry[1]!);
  }
  return names;
}

interface Member {
  program: Program;
  product: Verdict;
}

export class OracleBatches {
  /** Oracle builds made, for the report. */
  builds = 0;

  constructor(private readonly oracle: BuildDependencies) {}

  /** Compares every member; members should share a kind of product verdict (see the file's comment). */
  async compare(members: readonly Member[]): Promise<Comparison[]> {
    if (members.length === 0) return [];
    const batch = await this.build(members);
    const settled: Comparison[] = [];
    const open: Member[] = [];
    members.forEach((member, i) => {
      const oracle = batch[i]!;
      const decided =
        members.length === 1 ||
        (member.product.ok
          ? batch.every((v) => v.ok) && sameList(oracle.warnings, member.product.warnings)
          : oracle.errors.length > 0 &&
            batch.every((v, j) => j === i || v.errors.length === 0) &&
            sameList(oracle.errors, member.product.errors));
      if (decided) settled.push({ ...member, oracle, agree: verdictsAgree(member.product, oracle) });
      else open.push(member);
    });
    if (open.length === 0) return settled;
    const half = Math.ceil(open.length / 2);
    return [
      ...settled,
      ...(await this.compare(open.slice(0, half))),
      ...(await this.compare(open.slice(half))),
    ];
  }

  /** One oracle build of all `members`; each one's verdict, read from its own folder. */
  private async build(members: readonly Member[]): Promise<Verdict[]> {
    this.builds++;
    const addresses: string[] = [];
    const files: SourceFile[] = [];
    members.forEach(({ program }, k) => {
      // The batch's Move.toml stands for each program's: it may only differ in names and addresses.
      if (!/^edition\s*=\s*"2024"\s*$/m.test(program.moveToml))
        throw new Error(`${program.id}: oracle batches are of edition 2024 packages`);
      const renames = ownAddresses(program.moveToml);
      renames.forEach((name, j) =>
        addresses.push(`${name}_b${k} = "0x${(0x10000 + k * 16 + j).toString(16)}"`),
      );
      for (const file of program.files) {
        let text = file.text;
        for (const name of renames)
          text = text.replace(new RegExp(`(@${name}\\b|\\b${name}(?=\\s*::))`, 'g'), (m) => `${m}_b${k}`);
        files.push({ path: `sources/b${k}/${file.path.slice('sources/'.length)}`, text });
      }
    });
    const moveToml = `[package]\nname = "oracle_batch"\nedition = "2024"\n\n[addresses]\n${addresses.join('\n')}\n`;
    const { result } = await compileAgainst({ moveToml, files, dependencies: {} }, this.oracle);
    return members.map(({ program }, k) => {
      const prefix = `sources/b${k}/`;
      const own = new Set(program.files.map((f) => f.path));
      // A diagnostic in a dependency is everyone's: it leaves the batch undecided, down to one program.
      const mine = (d: MoveDiagnostic) => !d.file?.startsWith('sources/b') || d.file.startsWith(prefix);
      const diagnostics = result.diagnostics.filter(mine).map((d) => ({
        ...d,
        file: d.file?.startsWith(prefix) ? `sources/${d.file.slice(prefix.length)}` : d.file,
      }));
      return verdictOf({ ...result, diagnostics }, own);
    });
  }
}
