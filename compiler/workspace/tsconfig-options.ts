import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse } from 'jsonc-parser';
import { resolveExtends } from './tsconfig-chain.js';

/** The compiler options that change what a file's JavaScript is (the emit); the check reads the rest. */
export interface EmitOptions {
  target?: string;
  jsx?: string;
  jsxFactory?: string;
  jsxFragmentFactory?: string;
  jsxImportSource?: string;
  experimentalDecorators?: boolean;
  emitDecoratorMetadata?: boolean;
  useDefineForClassFields?: boolean;
  verbatimModuleSyntax?: boolean;
}

const EMIT_KEYS: (keyof EmitOptions)[] = ['target', 'jsx', 'jsxFactory', 'jsxFragmentFactory', 'jsxImportSource', 'experimentalDecorators', 'emitDecoratorMetadata', 'useDefineForClassFields', 'verbatimModuleSyntax'];

/**
 * The emit options a tsconfig.json gives, with what it `extends` applied first (each base in
 * order, then the file's own), as TypeScript merges them. Options are read as written: the
 * chain is JSON with comments. A file that cannot be read or parsed gives nothing (its
 * problems are the check's to report).
 */
export function emitOptionsOf(tsconfig: string | undefined): EmitOptions {
  return tsconfig ? readChain(tsconfig, new Set()) : {};
}

function readChain(file: string, seen: Set<string>): EmitOptions {
  if (seen.has(file)) return {};
  seen.add(file);
  let config: { extends?: unknown; compilerOptions?: Record<string, unknown> } | undefined;
  try {
    config = parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const merged: EmitOptions = {};
  const bases = Array.isArray(config?.extends) ? config.extends : [config?.extends];
  for (const name of bases) {
    if (typeof name !== 'string') continue;
    const base = resolveExtends(name, dirname(file));
    if (base) Object.assign(merged, readChain(base, seen));
  }
  const own = config?.compilerOptions;
  if (own && typeof own === 'object') {
    for (const key of EMIT_KEYS) if (key in own) (merged as Record<string, unknown>)[key] = own[key];
  }
  return merged;
}
