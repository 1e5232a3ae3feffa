// The agents each phase accepts, by name.

export type MockBehavior = 'perfect' | 'empty' | 'random' | 'noisy';

export const MOCK_AGENTS = ['mock-perfect', 'mock-empty', 'mock-random', 'mock-noisy'] as const;

/** The agents that ask a model: an OpenAI-compatible endpoint, or a GGUF model the worker runs itself. */
export const MODEL_AGENTS = ['real-openai-compatible', 'local-llm'] as const;

export type ModelAgent = (typeof MODEL_AGENTS)[number];

export const PHASE1_AGENTS = [...MOCK_AGENTS, ...MODEL_AGENTS] as const;

export type Phase1Agent = (typeof PHASE1_AGENTS)[number];
