import type { BundlerRef } from './manifests.js';

/** The bundlers kit ships, by the names `kit.bundler` and `module.json` use. */
export const BUILTIN_BUNDLERS: Readonly<Record<string, BundlerRef>> = {
  ts: { name: 'ts', specifier: '@kit-js/packages/bundlers/ts' },
  esbuild: { name: 'esbuild', specifier: '@kit-js/packages/bundlers/esbuild', compiler: 'esbuild' },
};

/**
 * What builds a stylesheet a package exports (CONTRACT §11): kit's own, for every package
 * whatever its `kit.bundler` says, and never selectable by name (a stylesheet is no code to bundle).
 */
export const STYLESHEET_BUNDLER: Readonly<BundlerRef> = { name: 'css', specifier: '@kit-js/packages/bundlers/css' };

/** The bundler a package resolves `name` to: its own registry first, then the built-ins. */
export function resolveBundlerName(name: string, registry: Record<string, BundlerRef>): BundlerRef | undefined {
  return registry[name] ?? BUILTIN_BUNDLERS[name];
}

/** True when `specifier` names a built-in bundler implementation. */
export function isBuiltinSpecifier(specifier: string): boolean {
  return Object.values(BUILTIN_BUNDLERS).some((b) => b.specifier === specifier);
}

/** What a bundler can do, which the orchestration asks instead of its name. */
export interface BundlerCapabilities {
  /** Its production output is minified already: kit does not minify it again. */
  minifies: boolean;
  /** TypeScript 7 judges its modules: their verdict is part of each build, and its inputs are the build's. */
  typeChecks: boolean;
  /** Worth building once as a service starts, to ready the engines its first builds wait for. */
  warmsUp: boolean;
  /** Writes decorator metadata (`emitDecoratorMetadata`); undefined when kit cannot tell (a bundler of yours). */
  decoratorMetadata?: boolean;
}

const CAPABILITIES: Readonly<Record<string, BundlerCapabilities>> = {
  [BUILTIN_BUNDLERS.ts.specifier]: { minifies: false, typeChecks: true, warmsUp: true, decoratorMetadata: true },
  [BUILTIN_BUNDLERS.esbuild.specifier]: { minifies: true, typeChecks: false, warmsUp: false, decoratorMetadata: false },
  // Its code is a line or two, written minified for production.
  [STYLESHEET_BUNDLER.specifier]: { minifies: true, typeChecks: false, warmsUp: false },
};

/** A bundler of the workspace's own: kit minifies its output and checks nothing of it. */
const CUSTOM: BundlerCapabilities = { minifies: false, typeChecks: false, warmsUp: false };

/** What the bundler a module selected can do: by its implementation (the specifier), never by the name it is registered under. */
export function capabilitiesOf(bundler: Pick<BundlerRef, 'specifier'>): BundlerCapabilities {
  return CAPABILITIES[bundler.specifier] ?? CUSTOM;
}
