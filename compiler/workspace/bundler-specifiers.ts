import type { BundlerRef } from './manifests.js';

/** The bundlers kit ships, by the names `kit.bundler` and `module.json` use. */
export const BUILTIN_BUNDLERS: Readonly<Record<string, BundlerRef>> = {
  ts: { name: 'ts', specifier: '@kit-js/packages/bundlers/ts' },
  esbuild: { name: 'esbuild', specifier: '@kit-js/packages/bundlers/esbuild', compiler: 'esbuild' },
};

/** The bundler a package resolves `name` to: its own registry first, then the built-ins. */
export function resolveBundlerName(name: string, registry: Record<string, BundlerRef>): BundlerRef | undefined {
  return registry[name] ?? BUILTIN_BUNDLERS[name];
}

/** True when `specifier` names a built-in bundler implementation. */
export function isBuiltinSpecifier(specifier: string): boolean {
  return Object.values(BUILTIN_BUNDLERS).some((b) => b.specifier === specifier);
}
