// Code generation: typed IR -> CompiledModule object (serialize with serializeModule) + source map.
export { generateModule, type CodegenContext } from './generate-module.js';
export type { FunctionSourceMap, SourceMap } from './source-map.js';
