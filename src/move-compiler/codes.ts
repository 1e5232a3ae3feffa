// The diagnostic codes of Sui's Move compiler that this compiler can report. Numbers and titles follow
// Sui's `codes!` list (move-compiler/src/diagnostics/codes.rs): the category is the position of the
// category in that list (Syntax = 1, Declarations = 2, NameResolution = 3, TypeSafety = 4,
// AbilitySafety = 5, MoveSafety = 6, ReferenceSafety = 7, CodeGeneration = 8, UnusedItem = 9,
// Attributes = 10, Editions = 13) and the code is the 1-based position inside its category, so codes
// are stable only because Sui appends new ones at the end. Sui's own rules (sui_mode/mod.rs) carry the
// `Sui ` prefix: category 1 is ID leaks, category 2 is Sui typing. The names are ours.

export interface DiagnosticCode {
  /** As printed: `E04007`, `W09002`, `Sui E02007`. */
  code: string;
  /** The code's one-line title, printed after the code. */
  title: string;
  severity: 'error' | 'warning';
}

function error(code: string, title: string): DiagnosticCode {
  return { code, title, severity: 'error' };
}

function warning(code: string, title: string): DiagnosticCode {
  return { code, title, severity: 'warning' };
}

/** Assigning to, or taking `&mut` of, a local declared without `mut` (Move 2024). */
const invalidImmVariableUsage = error('E04024', 'invalid usage of immutable variable');

export const CODES = {
  // Syntax (1)
  invalidCharacter: error('E01001', 'invalid character'),
  unexpectedToken: error('E01002', 'unexpected token'),
  invalidModifier: error('E01003', 'invalid modifier'),
  invalidDocComment: warning('W01004', 'invalid documentation comment'),
  invalidAddress: error('E01005', 'invalid address'),
  invalidNumber: error('E01006', 'invalid number literal'),
  invalidByteString: error('E01007', 'invalid byte string'),
  invalidHexString: error('E01008', 'invalid hex string'),
  invalidLValue: error('E01009', 'invalid assignment'),
  invalidRestrictedIdentifier: error('E01012', 'invalid identifier escape'),
  invalidMoveOrCopy: error('E01013', "invalid 'move' or 'copy'"),
  invalidExpressionLabel: error('E01014', 'invalid expression label'),
  ambiguousCast: error('E01015', "ambiguous 'as'"),
  invalidSyntaxName: error('E01016', 'invalid name'),
  invalidMacroInvocation: error('E01017', 'invalid macro invocation'),
  invalidMatch: error('E01018', "invalid 'match'"),
  // Declarations (2)
  duplicateItem: error('E02001', 'duplicate declaration, item, or annotation'),
  unnecessaryItem: error('E02002', 'unnecessary or extraneous item'),
  invalidModule: error('E02004', "invalid 'module' declaration"),
  invalidConstant: error('E02006', "invalid 'const' declaration"),
  invalidFunction: error('E02007', "invalid 'fun' declaration"),
  invalidStruct: error('E02008', "invalid 'struct' declaration"),
  invalidName: error('E02010', 'invalid name'),
  invalidPhantomUse: error('E02013', 'invalid phantom type parameter usage'),
  invalidNonPhantomUse: warning('W02014', 'invalid non-phantom type parameter usage'),
  invalidAttribute: error('E02015', 'invalid attribute'),
  invalidVisibilityModifier: error('E02016', 'invalid visibility modifier'),
  invalidUseFun: error('E02017', "invalid 'use fun' declaration"),
  unknownAttribute: warning('W02018', 'unknown attribute'),
  duplicateAlias: warning('W02021', 'duplicate alias'),
  invalidEnum: error('E02022', "invalid 'enum' declaration"),
  // Name resolution (3)
  addressWithoutValue: error('E03001', 'address with no value'),
  unboundModule: error('E03002', 'unbound module'),
  unboundModuleMember: error('E03003', 'unbound module member'),
  unboundType: error('E03004', 'unbound type'),
  unboundUnscopedName: error('E03005', 'unbound unscoped name'),
  namePositionMismatch: error('E03006', 'unexpected name in this position'),
  tooManyTypeArguments: error('E03007', 'too many type arguments'),
  tooFewTypeArguments: error('E03008', 'too few type arguments'),
  unboundVariable: error('E03009', 'unbound variable'),
  unboundField: error('E03010', 'unbound field'),
  reservedName: error('E03011', 'invalid use of reserved name'),
  unboundMacro: error('E03012', 'unbound macro'),
  positionalCallMismatch: error('E03013', 'positional call mismatch'),
  invalidLabel: error('E03014', 'invalid use of label'),
  unboundLabel: error('E03015', 'unbound label'),
  invalidMut: error('E03016', "invalid 'mut' declaration"),
  invalidTypeParameter: error('E03018', 'invalid type parameter'),
  invalidPattern: error('E03019', 'invalid pattern'),
  unboundVariant: error('E03020', 'unbound variant'),
  // Type safety (4)
  visibility: error('E04001', 'restricted visibility'),
  builtinOperation: error('E04003', 'built-in operation not supported'),
  expectedBaseType: error('E04004', 'expected a single non-reference type'),
  expectedSingleType: error('E04005', 'expected a single type'),
  subtypeError: error('E04006', 'invalid subtype'),
  joinError: error('E04007', 'incompatible types'),
  recursiveType: error('E04008', 'invalid type. recursive type found'),
  expectedSpecificType: error('E04009', 'expected specific type'),
  uninferredType: error('E04010', 'cannot infer type'),
  typeForConstant: error('E04012', 'invalid type for constant'),
  unsupportedConstant: error('E04013', 'invalid statement or expression in constant'),
  invalidLoopControl: error('E04014', 'invalid loop control'),
  invalidNativeUsage: error('E04015', 'invalid use of native item'),
  tooFewArguments: error('E04016', 'too few arguments'),
  tooManyArguments: error('E04017', 'too many arguments'),
  cyclicData: error('E04018', 'cyclic data'),
  cyclicInstantiation: error('E04019', 'cyclic type instantiation'),
  invalidNum: error('E04021', 'invalid number after type inference'),
  invalidMethodCall: error('E04023', 'invalid method call'),
  invalidImmVariableUsage,
  /** The first name this code had here; same entry as `invalidImmVariableUsage`. */
  assignToImmutable: invalidImmVariableUsage,
  invalidControlFlow: error('E04025', 'invalid control flow'),
  invalidCopyOp: error('E04026', "invalid 'copy' usage"),
  invalidMoveOp: error('E04027', "invalid 'move' usage"),
  implicitConstantCopy: warning('W04028', 'implicit copy of a constant'),
  invalidCallTarget: error('E04029', 'invalid function call'),
  invariantError: error('E04033', 'types are not equal'),
  invalidErrorUsage: error('E04035', 'invalid constant usage in error context'),
  incompletePattern: error('E04036', 'non-exhaustive pattern'),
  deprecatedUsage: warning('W04037', 'deprecated usage'),
  // Ability safety (5)
  abilityConstraint: error('E05001', 'ability constraint not satisfied'),
  implicitlyCopyable: error('E05002', 'type not implicitly copyable'),
  // Move safety (6): found by the liveness pass over the control-flow graph
  unusedUndroppable: error('E06001', "unused value without 'drop'"),
  useAfterMove: error('E06002', 'use of unassigned variable'),
  // Reference safety (7)
  referenceTransparency: error('E07001', 'referential transparency violated'),
  mutableOwnership: error('E07002', 'mutable ownership violated'),
  danglingReference: error('E07003', 'invalid operation, could create dangling a reference'),
  invalidReturnOfReference: error('E07004', 'invalid return of locally borrowed state'),
  invalidReferenceTransfer: error('E07005', 'invalid transfer of references'),
  // Code generation (8)
  unfoldableConstant: error('E08001', 'cannot compute constant value'),
  // Unused (9)
  unusedAlias: warning('W09001', 'unused alias'),
  unusedVariable: warning('W09002', 'unused variable'),
  unusedAssignment: warning('W09003', 'unused assignment'),
  unnecessaryTrailingSemicolon: warning('W09004', 'unnecessary trailing semicolon'),
  deadCode: warning('W09005', 'dead or unreachable code'),
  unusedStructTypeParameter: warning('W09006', 'unused struct type parameter'),
  unusedFunction: warning('W09008', 'unused function'),
  unusedStructField: warning('W09009', 'unused struct field'),
  unusedFunctionTypeParameter: warning('W09010', 'unused function type parameter'),
  unusedConstant: warning('W09011', 'unused constant'),
  unusedMutModifier: warning('W09012', "unused 'mut' modifiers"),
  // Editions (13): a construct this compiler's edition does not accept
  unsupportedLanguageItem: error('E13001', 'feature is not supported in specified edition'),
  // Sui (Sui's own rules; category 1 = object construction, category 2 = Sui typing rules)
  suiIdLeak: error('Sui E01001', 'invalid object construction'),
  suiScript: error('Sui E02001', 'scripts are not supported'),
  suiInvalidEntry: error('Sui E02002', "invalid 'entry' function signature"),
  suiInvalidInit: error('Sui E02003', "invalid 'init' function"),
  suiOneTimeWitness: error('Sui E02004', 'invalid one-time witness declaration'),
  suiOneTimeWitnessUsage: error('Sui E02005', 'invalid one-time witness usage'),
  suiInitCall: error('Sui E02006', "invalid 'init' call"),
  suiInvalidObject: error('Sui E02007', 'invalid object declaration'),
  suiInvalidEvent: error('Sui E02008', 'invalid event'),
  suiPrivateTransfer: error('Sui E02009', 'invalid private transfer call'),
  // Ours: generated bytecode that our own verifier refuses, which only a bug of this compiler causes.
  compilerBug: error('ICE', 'internal compiler error'),
} satisfies Record<string, DiagnosticCode>;
