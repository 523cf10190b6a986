import { parseAst } from 'rolldown/parseAst';
import { sha256 } from '../cache/digest.js';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Digest of what other files can read of a TypeScript file: its text less what TypeScript
 * never looks into for them, as `isolatedDeclarations` defines it: the initializer of a
 * variable or class property whose type is written, the body of a function whose return type
 * is written. An edit that keeps it changes no other file's diagnostics (only this file's).
 * Undefined for a file that is not TypeScript source or does not parse.
 */
export function declarationSignature(file: string, text: string): string | undefined {
  const lang = /\.d\.[cm]?ts$/.test(file) ? undefined : /\.[cm]?ts$/.test(file) ? 'ts' : /\.tsx$/.test(file) ? 'tsx' : undefined;
  if (!lang) return undefined;
  let program: unknown;
  try {
    program = parseAst(text, { lang, sourceType: 'module' });
  } catch {
    return undefined;
  }
  // Each part left out, and what stands for it (what its type is made of, if anything).
  const hidden: [number, number, string][] = [];
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Node;
    const skipped = hiddenPart(node);
    if (skipped) hidden.push([skipped.start, skipped.end, '']);
    if (FUNCTIONS.has(node.type)) for (const param of node.params as Node[]) hideLiteralDefault(param, hidden);
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && child !== skipped) visit(child);
  };
  visit(program);
  let seen = '';
  let at = 0;
  for (const [start, end, standIn] of hidden.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue; // inside a part already left out
    seen += `${text.slice(at, start)}\u0000${standIn}`;
    at = end;
  }
  return sha256(seen + text.slice(at)).slice(0, 16);
}

/**
 * A parameter's default that is a plain string, number or boolean: the parameter's type is
 * that literal's type widened (`label = 'a'` is a `string`), so only the kind of literal is of it.
 */
function hideLiteralDefault(param: Node, hidden: [number, number, string][]): void {
  if (param.type !== 'AssignmentPattern') return;
  const value = param.right as Node;
  const plain = value.type === 'TemplateLiteral' ? ((value.expressions as Node[]).length === 0 ? 'string' : undefined) : value.type === 'Literal' ? typeof value.value : undefined;
  if (plain === 'string' || plain === 'number' || plain === 'boolean') hidden.push([value.start, value.end, plain]);
}

/** The part of `node` its written type stands for, if any. */
function hiddenPart(node: Node): Node | undefined {
  if (node.type === 'VariableDeclarator') return (node.id as Node | null)?.typeAnnotation ? (node.init as Node | null) ?? undefined : undefined;
  if (node.type === 'PropertyDefinition') return node.typeAnnotation ? (node.value as Node | null) ?? undefined : undefined;
  if (FUNCTIONS.has(node.type)) return node.returnType ? (node.body as Node | null) ?? undefined : undefined;
  return undefined;
}
