// Simulation of Phase II plans: one entry point, a backend per `--simulation-mode`.
export {
  isSimulationMode,
  preflightSimulation,
  simulatePlan,
  simulatePlans,
  type PlanResult,
} from './backends.js';
export { SimulationError, type SimulationErrorKind } from './errors.js';
export { fetchInventory, type Inventory } from './inventory.js';
export {
  classifyExecution,
  createdObjectTypes,
  parseAbortCode,
  parseAbortLocation,
} from './dry-run-response.js';
export { gasBudgets } from './attempts.js';
export * from './types.js';
