import { Artifact, type Exports, type Factory, type Meta } from './artifact.js';
import { createHotContext } from './hot-context.js';
import { afterComponentFileRan, refreshHooks } from './react-refresh.js';

export { Artifact, type Exports, type Factory } from './artifact.js';

/** Every development output of the page that registered, by vspecifier. */
export const artifacts = new Map<string, Artifact>();

/** `vspecifier id`: a file of a module, page-wide. */
export const keyOf = (artifact: Artifact, id: string) => `${artifact.vspecifier} ${id}`;

function link(map: Map<string, Set<string>>, target: string, from: string): void {
  let set = map.get(target);
  if (!set) map.set(target, (set = new Set()));
  set.add(from);
}

/** Runs a file once (again after a hot update evicted it), its imports first; returns its exports. */
export function requireFile(artifact: Artifact, id: string): Exports {
  const ran = artifact.ran.get(id);
  if (ran) return ran.exports;
  const defined = artifact.factories.get(id);
  if (!defined) throw new Error(`kit: ${artifact.vspecifier} has no file ${id}; reload the page`);
  const module = { exports: {} as Exports };
  artifact.ran.set(id, module);
  const require = (specifier: string) => {
    if (artifact.factories.has(specifier)) {
      link(artifact.importers, specifier, id);
      return requireFile(artifact, specifier);
    }
    link(artifact.externalImporters, specifier, id);
    if (specifier in artifact.externals) return artifact.externals[specifier];
    throw new Error(`kit: ${specifier} is not loaded by ${artifact.vspecifier}; reload the page`);
  };
  const meta: Meta = {
    url: artifact.url,
    hot: createHotContext(artifact, id, defined.deps),
    i: async (specifier) => (artifact.factories.has(specifier) ? (link(artifact.importers, specifier, id), requireFile(artifact, specifier)) : import(/* @vite-ignore */ specifier)),
    ...refreshHooks(keyOf(artifact, id), id),
  };
  try {
    defined.factory(require, module, module.exports, meta);
  } catch (error) {
    // A file that threw is run again when next required, as after an edit that fixes it.
    artifact.ran.delete(id);
    throw error;
  }
  afterComponentFileRan(artifact, id, module.exports);
  return module.exports;
}

/** Each export a getter, from `{ name: () => value }` or swc's `{ get name() {…} }`. */
function defineExports(target: Exports, all: Record<string, unknown>): void {
  for (const name in all) {
    Object.defineProperty(target, name, { enumerable: true, get: Object.getOwnPropertyDescriptor(all, name)!.get ?? (all[name] as () => unknown) });
  }
}

/**
 * `globalThis.__kit_hot`: what a development output registers with (its `url` is its own
 * address), and what a hot update's module hands its new factory to (`url` null). A
 * factory a hot update defines runs when the update is applied (hot-apply.ts).
 */
export function hotRegistry(vspecifier: string, url: string | null, externals: Record<string, unknown>) {
  let artifact = artifacts.get(vspecifier);
  if (!artifact) artifacts.set(vspecifier, (artifact = new Artifact(vspecifier, url ?? '', externals)));
  else Object.assign(artifact.externals, externals);
  if (url) artifact.url = url;
  const owner = artifact;
  return {
    x: defineExports,
    define(id: string, factory: Factory, deps?: Record<string, string>) {
      owner.factories.set(id, { factory, deps });
    },
    exports(id: string, bind: (exports: Exports) => void) {
      owner.entry = id;
      owner.bind = bind;
      bind(requireFile(owner, id));
    },
  };
}
