// Public API of the bytecode layer: read packages, build the upstream interface JSON, write fixtures.
export { formatInterfaceJson, sortKeysDeep, compareUtf8 } from './canonical-json.js';
export { InvalidBytecodeError, PackageReadError, type PackageReadErrorCode } from './errors.js';
export {
  extractPackageInterface,
  moduleFilesKey,
  readPackageModules,
  resolvePackageId,
  type ExtractOptions,
} from './extract.js';
export { addressDigits, fullAddress } from './address.js';
export {
  buildInterface,
  abilitiesFromMask,
  moduleSelfName,
  type BuildInterfaceOptions,
} from './interface.js';
export { deserializeModule, serializeModule, type ModuleJson, type SignatureToken } from './module-json.js';
export {
  readMetadataId,
  listModuleFiles,
  readModuleFiles,
  hasMvExtension,
  METADATA_FILE,
  MODULES_DIR,
  type ModuleFile,
} from './read-package.js';
export { rewriteSelfAddress } from './readdress.js';
export * as fixtures from './fixture-builder.js';
export { buildModule, buildModuleJson, type ModuleSpec } from './fixture-builder.js';
