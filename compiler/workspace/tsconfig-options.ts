import { readTsconfigChain } from './tsconfig-read.js';

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

const EMIT_TYPES: Record<keyof EmitOptions, 'string' | 'boolean'> = {
  target: 'string',
  jsx: 'string',
  jsxFactory: 'string',
  jsxFragmentFactory: 'string',
  jsxImportSource: 'string',
  experimentalDecorators: 'boolean',
  emitDecoratorMetadata: 'boolean',
  useDefineForClassFields: 'boolean',
  verbatimModuleSyntax: 'boolean',
};
const EMIT_KEYS = Object.keys(EMIT_TYPES) as (keyof EmitOptions)[];

/**
 * The emit options a tsconfig.json gives, with what it `extends` applied first, as TypeScript
 * merges them: each option from the file of the chain that wins for it (`readTsconfigChain`).
 * A file that cannot be read or parsed gives nothing (its problems are the check's to report).
 */
export function emitOptionsOf(tsconfig: string | undefined): EmitOptions {
  const chain = tsconfig ? readTsconfigChain(tsconfig) : [];
  const merged: EmitOptions = {};
  for (const key of EMIT_KEYS) {
    const setter = chain.find((file) => key in file.options);
    const value = setter?.options[key];
    // A value of the wrong type (`"target": 42`) is the check's to report; the emit takes the default.
    if (typeof value === EMIT_TYPES[key]) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
