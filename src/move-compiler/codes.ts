// The diagnostic codes of Sui's Move compiler that this compiler can report. The numbers and titles
// follow Sui's public list (category number then code number: E04007 is category 4, code 7); the
// names are ours. Sui-specific rules carry the `Sui` prefix as Sui prints them.
// TODO(verify): every number below is to be checked against Sui's diagnostics list.

export interface DiagnosticCode {
  /** As printed: `E04007`, `W09002`, `Sui E02007`. */
  code: string;
  /** The category's one-line title, printed after the code. */
  title: string;
  severity: 'error' | 'warning';
}

function error(code: string, title: string): DiagnosticCode {
  return { code, title, severity: 'error' };
}

function warning(code: string, title: string): DiagnosticCode {
  return { code, title, severity: 'warning' };
}

export const CODES = {
  // Syntax (1)
  invalidCharacter: error('E01001', 'invalid character'),
  unexpectedToken: error('E01002', 'unexpected token'),
  invalidModifier: error('E01003', 'invalid modifier'),
  invalidAddress: error('E01005', 'invalid address'),
  invalidNumber: error('E01006', 'invalid number literal'),
  invalidByteString: error('E01007', 'invalid byte string'),
  invalidHexString: error('E01008', 'invalid hex string'),
  invalidLValue: error('E01009', 'invalid assignment'),
  unsupportedLanguageItem: error('E01013', 'unsupported language construct'),
  // Declarations (2)
  duplicateItem: error('E02001', 'duplicate declaration, item, or annotation'),
  invalidModule: error('E02004', "invalid 'module' declaration"),
  invalidConstant: error('E02006', "invalid 'const' declaration"),
  invalidFunction: error('E02007', "invalid 'fun' declaration"),
  invalidStruct: error('E02008', "invalid 'struct' declaration"),
  invalidName: error('E02010', 'invalid name'),
  invalidPhantomUse: error('E02013', 'invalid phantom type parameter usage'),
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
  invalidLoopControl: error('E04014', 'invalid loop control'),
  tooFewArguments: error('E04016', 'too few arguments'),
  tooManyArguments: error('E04017', 'too many arguments'),
  cyclicData: error('E04018', 'cyclic data'),
  invalidNum: error('E04021', 'invalid number after type inference'),
  // Ability safety (5)
  abilityConstraint: error('E05001', 'ability constraint not satisfied'),
  // Locals (6)
  unusedUndroppable: error('E06001', "unused value without 'drop'"),
  useAfterMove: error('E06002', 'use of unassigned variable'),
  assignToImmutable: error('E06003', 'unmutated variable'),
  // Reference safety (7)
  referenceTransparency: error('E07001', 'referential transparency violated'),
  mutableOwnership: error('E07002', 'mutable ownership violated'),
  invalidReturnOfReference: error('E07004', 'invalid return of reference'),
  // Unused (9)
  unusedVariable: warning('W09002', 'unused variable'),
  // Sui (Sui's own rules: `init`, `entry`, objects, one-time witnesses)
  suiInvalidInit: error('Sui E02002', "invalid 'init' function"),
  suiInvalidObject: error('Sui E02007', 'invalid object declaration'),
  suiInvalidEntry: error('Sui E02004', "invalid 'entry' function signature"),
  suiOneTimeWitness: error('Sui E02005', 'invalid one-time witness declaration'),
} satisfies Record<string, DiagnosticCode>;
