// Checks a documented `smi-bench` command line against the real command tree without running it: the
// program is built as the CLI builds it, every command's action is replaced by nothing, and commander
// parses the words (subcommands, options and their values, arguments, required options). On top, each
// flag is looked up in the options the command declares, whatever commander is told to tolerate.
import { CommanderError } from 'commander';
import { buildProgram } from '../../src/client.js';

/**
 * What these checks use of a commander command, so that they hold whichever flavour of commander
 * (plain or with extra typings) the CLI builds its program with.
 */
interface Command {
  name(): string;
  aliases(): string[];
  readonly commands: readonly Command[];
  readonly options: readonly { long?: string; short?: string }[];
  exitOverride(): unknown;
  configureOutput(output: {
    writeOut: (text: string) => void;
    writeErr: (text: string) => void;
    outputError: (text: string, write: (text: string) => void) => void;
  }): unknown;
  action(handler: () => void): unknown;
  parse(args: string[], options: { from: 'user' }): unknown;
}

function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(allCommands)];
}

/** The program with every leaf's action a no-op and every message swallowed: parsing it has no effect. */
function inertProgram(): Command {
  const program: Command = buildProgram();
  for (const command of allCommands(program)) {
    command.exitOverride();
    command.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
    if (command.commands.length === 0) command.action(() => {});
  }
  return program;
}

/** A value the docs leave for the reader to fill in: `RUN_ID`, `<id>`, `0xABC…`. */
function isPlaceholder(value: string): boolean {
  return /^[A-Z][A-Z0-9_]*$/.test(value) || /[<>…]/.test(value);
}

/** The subcommand the words name (deepest match), and the words after its name. */
function subcommand(program: Command, args: string[]): { command: Command; rest: string[] } {
  let command = program;
  let i = 0;
  for (; i < args.length; i++) {
    const next = command.commands.find((c) => c.name() === args[i] || c.aliases().includes(args[i]!));
    if (next === undefined) break;
    command = next;
  }
  return { command, rest: args.slice(i) };
}

/** Flags among the words that the named command does not declare. */
function undeclaredFlags(program: Command, args: string[]): string[] {
  const { command, rest } = subcommand(program, args);
  const declared = new Set(['--help', '-h']);
  for (const option of command.options) {
    if (option.long !== undefined) declared.add(option.long);
    if (option.short !== undefined) declared.add(option.short);
  }
  const end = rest.indexOf('--');
  return (end === -1 ? rest : rest.slice(0, end))
    .filter((word) => /^--?[A-Za-z]/.test(word))
    .map((word) => word.split('=')[0]!)
    .filter((flag) => !declared.has(flag));
}

/** Why a fragment (`smi-bench status RUN --log-dir DIR`) names no command, or a flag its command lacks. */
export function fragmentRefusal(args: string[]): string | undefined {
  if (args.length > 0 && isPlaceholder(args[0]!)) return undefined;
  const program = inertProgram();
  if (args.length === 0 || subcommand(program, args).command === program)
    return `no command in "${args.join(' ')}"`;
  const undeclared = undeclaredFlags(program, args);
  return undeclared.length > 0 ? `not an option of its command: ${undeclared.join(', ')}` : undefined;
}

/** Why the whole command line would be refused by the CLI, or undefined when it parses. */
export function refusal(args: string[]): string | undefined {
  if (isPlaceholder(args[0] ?? '')) return `no command in "${args.join(' ')}"`;
  const fragment = fragmentRefusal(args);
  if (fragment !== undefined) return fragment;
  try {
    inertProgram().parse(args, { from: 'user' });
    return undefined;
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    // `--help` asked for; a command with subcommands named without one prints its help and fails (exit 1).
    if (err.code === 'commander.helpDisplayed' || (err.code === 'commander.help' && err.exitCode === 0))
      return undefined;
    const value = /'([^']*)' is invalid|value '([^']*)'/.exec(err.message);
    if (err.code === 'commander.invalidArgument' && isPlaceholder(value?.[1] ?? value?.[2] ?? ''))
      return undefined;
    return err.message;
  }
}
