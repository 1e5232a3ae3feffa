// Walking signature tokens: every node of a type, outermost first (Sui's preorder_traversal).
import type { SignatureToken } from '../move/module-json.js';

/** The token's direct components: a vector's element, a reference's referent, type arguments. */
function children(token: SignatureToken): readonly SignatureToken[] {
  if (typeof token === 'string') return [];
  if ('Vector' in token) return [token.Vector];
  if ('Reference' in token) return [token.Reference];
  if ('MutableReference' in token) return [token.MutableReference];
  if ('DatatypeInstantiation' in token) return token.DatatypeInstantiation[1];
  return [];
}

export function preorder(token: SignatureToken, into: SignatureToken[] = []): SignatureToken[] {
  into.push(token);
  for (const child of children(token)) preorder(child, into);
  return into;
}

/** The type parameter indices a type mentions. */
export function typeParametersIn(token: SignatureToken): Set<number> {
  const found = new Set<number>();
  for (const node of preorder(token))
    if (typeof node !== 'string' && 'TypeParameter' in node) found.add(node.TypeParameter);
  return found;
}
