// Macros live only in source, so bytecode cannot give them back: the stubs carry our own definitions of
// the framework's public macros, with the signatures Sui's framework gives them. A macro is expanded in
// the caller's module, so its body may call only public functions; a group is left out of a package that
// lacks one of them (an older or newer framework), rather than breaking the whole stub.

export interface MacroGroup {
  /** The module the macros are declared in: `0x1::vector`. */
  module: string;
  /** The public functions of the same package the bodies call, as `module::function`. */
  calls: string[];
  /** Macro declarations, as they go inside the module. */
  source: string;
}
