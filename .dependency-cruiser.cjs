// Import rules of src/, checked by `npm run lint` (docs/architecture.md describes the rooms).
//
// Each folder under src/, and each file directly in it, is a room. The rooms stand in layers, top first: a
// room may import only rooms of the layers below its own, never one of its own layer or above. So no room
// imports, directly or through others, a room that imports it. Type-only imports count like any other
// (`tsPreCompilationDeps`): they tie rooms together for the reader as much as value imports do.

/** @type {string[][]} */
const LAYERS = [
  ['client'],
  ['cli'],
  ['view'],
  ['run-queries'],
  ['workflows', 'worker'],
  ['activities', 'vm-thread'],
  ['report'],
  ['compare'],
  ['evalset'],
  ['benchmarks'],
  ['activity-support', 'doctor', 'helper', 'process-settings', 'report-parts', 'workflow-kit'],
  ['corpus-report', 'fullnode', 'sui-compiler'],
  ['corpus-pull', 'manifest', 'move-stubs', 'sandbox', 'sim'],
  ['run-store'],
  ['package-store'],
  ['vm'],
  ['bytecode-verifier', 'corpus'],
  ['agents', 'models', 'move'],
  ['chain', 'core', 'temporal', 'vm-pool'],
  ['files', 'project-root', 'promise-cache', 'smi-home', 'thread-pool', 'usage-error'],
  ['config'],
  ['contracts'],
];

/** The modules of these rooms: `src/x/...` for a folder, `src/x.ts` for a file. */
const inRooms = (rooms) => `^src/(${rooms.join('|')})(/|\\.ts$)`;
const ALL_ROOMS = LAYERS.flat();

/** Rooms whose code may run inside Temporal's workflow sandbox, besides workflows/ itself. */
const WORKFLOW_SAFE_ROOMS = ['contracts', 'core', 'workflow-kit'];

/** A benchmark's workflow-safe part: its package workflow and the logic it runs (prompt, parse, score). */
const BENCHMARK_WORKFLOW_CODE = '^src/benchmarks/[^/]+/workflow/';

const roomOrder = LAYERS.flatMap((layer, index) => {
  const sameOrAbove = LAYERS.slice(0, index + 1).flat();
  return layer.map((room) => ({
    name: 'room-order',
    comment: `${room} may import only rooms of lower layers than its own (see LAYERS)`,
    severity: 'error',
    from: { path: inRooms([room]) },
    to: { path: inRooms(sameOrAbove.filter((other) => other !== room)) },
  }));
});

module.exports = {
  forbidden: [
    ...roomOrder,
    // Both ends of an import: a module outside every declared room may neither import nor be imported.
    ...['from', 'to'].map((end) => ({
      name: 'room-undeclared',
      comment: 'every room of src/ has a place in LAYERS (and a line in docs/architecture.md)',
      severity: 'error',
      from: { path: '^src/', ...(end === 'from' ? { pathNot: inRooms(ALL_ROOMS) } : {}) },
      to: { path: '^src/', ...(end === 'to' ? { pathNot: inRooms(ALL_ROOMS) } : {}) },
    })),
    {
      name: 'no-circular',
      comment: 'modules inside a room import each other without cycles too',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/vm/' },
      to: { circular: true },
    },
    {
      // Owed: vm/loader.ts and the modules it calls name each other's types (LoadedModule, DatatypeDef).
      name: 'no-circular',
      comment: 'inside vm/, no cycle of value imports (type-only cycles are left to cut)',
      severity: 'error',
      from: { path: '^src/vm/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'benchmark-alone',
      comment:
        'each benchmark (a folder of src/benchmarks/) is a room of its own: it never imports another ' +
        "benchmark's folder (what they share sits in src/benchmarks/*.ts or lower rooms)",
      severity: 'error',
      from: { path: '^src/benchmarks/([^/]+)/' },
      to: { path: '^src/benchmarks/[^/]+/', pathNot: '^src/benchmarks/$1/' },
    },
    {
      name: 'workflow-no-node',
      comment: "workflow code runs in Temporal's deterministic sandbox: no Node built-ins",
      severity: 'error',
      from: { path: ['^src/workflows/', '^src/workflow-kit/', BENCHMARK_WORKFLOW_CODE] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workflow-pure-rooms',
      comment:
        'workflows import code only from contracts, core, workflow-kit and temporal/names.ts (the ids and search ' +
        'attributes); activities and other I/O rooms only as types (proxyActivities<typeof ...>)',
      severity: 'error',
      from: { path: '^src/workflows/' },
      to: {
        path: '^src/',
        pathNot: [
          inRooms(['workflows', ...WORKFLOW_SAFE_ROOMS]),
          '^src/temporal/names\\.ts$',
          BENCHMARK_WORKFLOW_CODE,
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'workflow-pure-rooms',
      comment:
        "a benchmark's workflow/ folder is workflow code: it imports code only from contracts, core, " +
        'workflow-kit, temporal/names.ts and its own workflow/ folder; anything else only as types',
      severity: 'error',
      from: { path: '^src/benchmarks/([^/]+)/workflow/' },
      to: {
        path: '^src/',
        pathNot: [inRooms(WORKFLOW_SAFE_ROOMS), '^src/temporal/names\\.ts$', '^src/benchmarks/$1/workflow/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'workflow-pure-rooms',
      comment:
        'workflow-kit is workflow code: it imports code only from contracts, core and temporal/names.ts; ' +
        'anything else only as types',
      severity: 'error',
      from: { path: '^src/workflow-kit/' },
      to: {
        path: '^src/',
        pathNot: [inRooms(WORKFLOW_SAFE_ROOMS), '^src/temporal/names\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'core-pure',
      comment: 'core is pure logic that workflows call: it imports no room but contracts',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: inRooms(['core', 'contracts']) },
    },
    {
      name: 'core-pure',
      comment: 'core is pure logic that workflows call: no Node built-ins',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-alone',
      comment: 'contracts holds shared types and constant tables and imports nothing',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { pathNot: inRooms(['contracts']) },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules' },
  },
};
