import { parseAst } from 'rolldown/parseAst';

/** Nodes whose bodies are not the module's top level: an `await` there waits for their own call. */
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * True when an ES module waits at its top level (`await`, `for await`): such a file cannot be
 * a factory that runs when required, so its module's development output is not made of
 * replaceable files (an edit then reloads the page). Most files never say `await`: only those
 * that do are parsed.
 */
export function hasTopLevelAwait(code: string): boolean {
  if (!/\bawait\b/.test(code)) return false;
  let program: unknown;
  try {
    program = parseAst(code, { sourceType: 'module' });
  } catch {
    return false; // the bundler reports what it cannot parse
  }
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(visit);
    const { type } = node as { type?: string };
    if (type === 'AwaitExpression' || (type === 'ForOfStatement' && (node as { await?: boolean }).await)) return true;
    if (type && FUNCTION.has(type)) return false;
    return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && visit(value));
  };
  return visit(program);
}
