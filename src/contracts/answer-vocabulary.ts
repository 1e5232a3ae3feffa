// The names a prompt lists and its answer may use: made by the prompts (core), bound into answer schemas
// by the agents.

/**
 * The fully qualified names a prompt lists, which its answer may use. Absent parts leave those names free
 * (histories recorded before vocabularies, the helper benchmark).
 */
export interface AnswerVocabulary {
  /** `0xADDR::module::Struct`: Phase I's structs shown, Phase II's type arguments. */
  types?: string[];
  /** `0xADDR::module::function` a plan may call: the functions the prompt shows. */
  functions?: string[];
  /** What a `need_more` request may name: the package's callable functions and `0xADDR::module`s. */
  requestable?: string[];
}
