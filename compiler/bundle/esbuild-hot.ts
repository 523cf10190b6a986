import { basename, extname, relative } from 'node:path';
import type { TsconfigRaw } from 'esbuild';
import { esbuild } from '../commonjs.js';
import { sha256 } from '../cache/digest.js';
import { toPosix } from '../paths.js';
import { ImportPolicy } from './imports.js';
import { bundleWithRolldown } from './ts-rolldown.js';
import type { TransformContext, Transformed } from './ts-transform.js';
import type { KitBundleInput, KitBundleResult } from './types.js';
import { emitTarget } from './swc-options.js';

const LOADERS: Record<string, 'ts' | 'tsx' | 'jsx' | 'js'> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };
const LIMIT = 1000;
const memory = new Map<string, Transformed>();

/**
 * One file as esbuild transforms it for its tsconfig (its JSX, decorators, class fields, import
 * elision), on its own: what the `esbuild` bundler's development output is made of. Kept by
 * content, as swc's transforms are.
 */
export async function transformWithEsbuild(context: TransformContext, file: string, code: string): Promise<Transformed> {
  const emit = context.emitOptionsFor(file);
  const compilerOptions = { ...emit, target: undefined, jsx: emit.jsx?.toLowerCase() } as TsconfigRaw['compilerOptions'];
  const options = { loader: LOADERS[extname(file)] ?? 'js', sourcefile: basename(file), sourcemap: context.sourceMaps ? ('external' as const) : false, sourcesContent: true, format: 'esm' as const, target: emitTarget(emit.target), tsconfigRaw: { compilerOptions } };
  const key = sha256(`${toPosix(relative(context.root, file))}\0${JSON.stringify(options)}\0${code}`);
  const kept = memory.get(key);
  if (kept) return kept;
  const output = await esbuild.transform(code, options);
  const made = { code: output.code, map: output.map || undefined };
  memory.set(key, made);
  if (memory.size > LIMIT) memory.delete(memory.keys().next().value!);
  return made;
}

/**
 * The `esbuild` bundler's development output for browsers, made of replaceable files as the
 * `ts` bundler's is (compiler/hot/): each file as esbuild transforms it, linked by rolldown one
 * chunk a file, under kit's import rules. Undefined when that does not go cleanly (a file
 * esbuild cannot transform, an import the rules refuse, a module that waits at its top level):
 * esbuild then bundles the module as ever, and says what is wrong in its own words. `settings`:
 * the tsconfig files the module's build rests on.
 */
export async function hotEsbuildBundle(input: KitBundleInput, settings: readonly string[]): Promise<KitBundleResult | undefined> {
  const policy = new ImportPolicy(input.workspace, input.module, input.options);
  const linked = await bundleWithRolldown(input.workspace, input.module, input.options, policy, transformWithEsbuild).catch(() => undefined);
  if (!linked?.hot || linked.failed || linked.diagnostics.length) return undefined;
  for (const name of policy.externals) input.policy.externals.add(name);
  const { code, map, stylesheets, dynamicImports, hot, target } = linked;
  return { code, map, stylesheets, dynamicImports, hot, target, inputs: [...new Set([...linked.read, ...settings])], diagnostics: [] };
}

/** The same for a module esbuild bundled already (with others, as `kit check` does): its verdict stands, the code and map are made here. */
export async function hotEsbuildOutput(input: KitBundleInput, bundled: KitBundleResult): Promise<KitBundleResult> {
  const made = await hotEsbuildBundle(input, []);
  return made ? { ...bundled, code: made.code, map: made.map, hot: made.hot } : bundled;
}
