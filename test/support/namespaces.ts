// Test files share one Temporal server and run in parallel; each gets its own namespace so no worker
// ever picks up another file's tasks (same task queue names, different API keys or code).
export const TEST_NAMESPACES = {
  devServer: 'default',
  mockAgents: 'test-mock-agents',
  realAgent: 'test-real-agent',
  cli: 'test-cli',
  resume: 'test-resume',
  engine: 'test-engine',
  engineFaults: 'test-engine-faults',
  phase2: 'test-phase2',
  phase2Model: 'test-phase2-model',
  limits: 'test-limits',
  phase2Cli: 'test-phase2-cli',
  upstreamFlags: 'test-upstream-flags',
  promptTemplate: 'test-prompt-template',
  phase2Networked: 'test-phase2-networked',
  // no worker ever polls this one: runs started there stay unprepared
  noWorker: 'test-no-worker',
  sandbox: 'test-sandbox',
  sandboxCli: 'test-sandbox-cli',
  ioConcurrency: 'test-io-concurrency',
  modelFailures: 'test-model-failures',
  modelCost: 'test-model-cost',
  answerCache: 'test-answer-cache',
  evalSet: 'test-eval-set',
  evalSetRanking: 'test-eval-set-ranking',
  evalSetBudget: 'test-eval-set-budget',
  evalSetStatus: 'test-eval-set-status',
  compare: 'test-compare',
  manifest: 'test-manifest',
  // bad input is refused before anything starts: no workflow may ever appear here (sdk-log's worker idles)
  refusedInput: 'test-refused-input',
} as const;
