// Fitting a prompt to a model's context by the budget upstream already cuts by (Phase I's structs,
// Phase II's functions): lowered until the model's own tokenizer says the prompt fits. Pure: workflows
// run the loop, the llm worker measures.

/** A prompt measured against its model: its tokens (the chat template's included) and the room it has. */
export interface PromptFit {
  promptTokens: number;
  roomTokens: number;
}

/**
 * How a prompt was shortened to fit the local model's context (a row field, our extension); absent when
 * the first prompt fitted.
 */
export interface PromptTruncation {
  /** What the budget counts: Phase I's structs, Phase II's functions of the interface summary. */
  unit: 'structs' | 'functions';
  /** How many the first prompt showed, and how many the one that fitted shows. */
  shown_before: number;
  shown: number;
  /** The first prompt's tokens, by the model's tokenizer with its chat template, and the room it had. */
  prompt_tokens_before: number;
  room_tokens: number;
  /**
   * Phase II: the target types the prompt listed before and after, when even a summary of no function
   * left it too long (absent otherwise).
   */
  targets_before?: number;
  targets?: number;
}

/**
 * The next, smaller budget for a prompt showing `shown` items that measured `fit`: in proportion to the
 * room, and always below `shown`, so the loop ends (at 0 when nothing but the instructions fits).
 */
export function fittedBudget(shown: number, fit: PromptFit): number {
  const proportional = Math.floor((shown * fit.roomTokens) / Math.max(1, fit.promptTokens));
  return Math.max(0, Math.min(shown - 1, proportional));
}

/** The truncation so far, with the budget of the next prompt. */
export function truncatedTo(
  before: PromptTruncation | null,
  unit: PromptTruncation['unit'],
  shown: number,
  fit: PromptFit,
  next: number,
): PromptTruncation {
  return before
    ? { ...before, shown: next }
    : {
        unit,
        shown_before: shown,
        shown: next,
        prompt_tokens_before: fit.promptTokens,
        room_tokens: fit.roomTokens,
      };
}
