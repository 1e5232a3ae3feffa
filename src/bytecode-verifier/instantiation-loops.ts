// Instantiation loops (instantiation_loops.rs): the type parameters of the module's generic functions
// form a graph, with an edge from a caller's parameter to each callee parameter it instantiates, marked
// when the argument wraps it in a type constructor (f<T> calling g<vector<T>>). A strongly connected
// component holding a marked edge would instantiate ever bigger types: LOOP_IN_INSTANTIATION_GRAPH.
import type { ModuleJson } from '../move/module-json.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf } from './instructions.js';
import { typeParametersIn } from './tokens.js';

interface Edge {
  from: string;
  to: string;
  /** The callee's parameter gets a type built from the caller's, not the caller's parameter itself. */
  grows: boolean;
}

function callEdges(module: ModuleJson): Edge[] {
  const defOfHandle = new Map(module.function_defs.map((def, index) => [def.function, index]));
  const edges: Edge[] = [];
  module.function_defs.forEach((def, caller) => {
    for (const instruction of def.code?.code ?? []) {
      if (opcodeOf(instruction) !== 'CallGeneric') continue;
      const inst = module.function_instantiations[indexOperand(instruction)];
      // Calls to other modules cannot come back: modules have no cyclic dependencies.
      const callee = defOfHandle.get(inst?.handle ?? -1);
      if (inst === undefined || callee === undefined) continue;
      (module.signatures[inst.type_parameters] ?? []).forEach((arg, formal) => {
        const to = `${callee}#${formal}`;
        if (typeof arg !== 'string' && 'TypeParameter' in arg)
          edges.push({ from: `${caller}#${arg.TypeParameter}`, to, grows: false });
        else
          for (const param of typeParametersIn(arg))
            edges.push({ from: `${caller}#${param}`, to, grows: true });
      });
    }
  });
  return edges;
}

/** Tarjan's strongly connected components: the component number of each node. */
function components(edges: readonly Edge[]): Map<string, number> {
  const successors = new Map<string, string[]>();
  for (const { from, to } of edges) {
    successors.set(from, [...(successors.get(from) ?? []), to]);
    if (!successors.has(to)) successors.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let componentCount = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of successors.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const id = componentCount++;
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.set(member, id);
      if (member === node) break;
    }
  };
  for (const node of successors.keys()) if (!index.has(node)) visit(node);
  return component;
}

export function verifyNoInstantiationLoops(module: ModuleJson): void {
  const edges = callEdges(module);
  if (!edges.some((e) => e.grows)) return;
  const component = components(edges);
  const looping = edges.find((e) => e.grows && component.get(e.from) === component.get(e.to));
  if (looping)
    fail(
      'LOOP_IN_INSTANTIATION_GRAPH',
      `type parameter ${looping.from} instantiates ${looping.to} with a bigger type, in a loop of calls`,
    );
}
