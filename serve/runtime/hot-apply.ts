import { dispatchHotEvent, hotStateOf, whenInvalidated } from './hot-context.js';
import { artifacts, keyOf, requireFile, type Artifact, type Exports } from './hot-registry.js';

import type { HotModuleUpdate as ModuleUpdate } from '../hot-event.js';

export type { ModuleUpdate };

interface FileRef {
  artifact: Artifact;
  id: string;
  /** How it imports the file the walk came from, when that is another module's entry. */
  specifier?: string;
}

/** A file that takes an update: its own (`via` is itself) or a dependency's, with the callback it registered. */
interface Boundary {
  at: FileRef;
  via: FileRef;
  self: boolean;
  accept: (modules: Exports) => void;
}

/** What an update runs: the files that run again (disposed first), the boundaries that take it. */
interface Plan {
  stale: Map<string, FileRef>;
  boundaries: Boundary[];
}

const key = (ref: FileRef) => keyOf(ref.artifact, ref.id);
const pathOf = (ref: FileRef) => `${ref.artifact.vspecifier}: ${ref.id}`;

let importMap: Record<string, string> | undefined;

/** The address a bare specifier has in the page's import map. */
function resolveSpecifier(specifier: string): string | undefined {
  importMap ??= (JSON.parse(document.querySelector('script[type="importmap"]')?.textContent ?? '{}') as { imports?: Record<string, string> }).imports ?? {};
  const target = importMap[specifier];
  return target === undefined ? undefined : new URL(target, document.baseURI).href;
}

/** The files that required `ref`: within its module, and, for an entry, the files of other modules that import it by its specifier. */
function importersOf(ref: FileRef): FileRef[] {
  const found: FileRef[] = [...(ref.artifact.importers.get(ref.id) ?? [])].map((id) => ({ artifact: ref.artifact, id }));
  if (ref.id !== ref.artifact.entry) return found;
  for (const other of artifacts.values()) {
    if (other === ref.artifact) continue;
    for (const [specifier, ids] of other.externalImporters) {
      if (resolveSpecifier(specifier) === ref.artifact.url) for (const id of ids) found.push({ artifact: other, id, specifier });
    }
  }
  return found;
}

/**
 * Where an update of `changed` stops: each changed file that ran, and each of its importers in
 * turn, up to the files that accept it. A path that reaches the page without one is the
 * reason to reload. `skip`: a file whose own acceptance does not count (it invalidated).
 */
function planUpdate(changed: FileRef[], skip?: string): Plan | { reload: string } {
  const plan: Plan = { stale: new Map(), boundaries: [] };
  const walk = (ref: FileRef): string | undefined => {
    if (plan.stale.has(key(ref))) return undefined;
    const state = hotStateOf(key(ref));
    if (state.declined) return `${pathOf(ref)} declines hot updates`;
    plan.stale.set(key(ref), ref);
    if (state.self && key(ref) !== skip) return void plan.boundaries.push({ at: ref, via: ref, self: true, accept: state.self });
    const importers = importersOf(ref);
    if (!importers.length) return `nothing accepts the update of ${pathOf(ref)}`;
    for (const importer of importers) {
      const dependency = importer.artifact === ref.artifact ? `file:${ref.id}` : `spec:${importer.specifier}`;
      const accepting = hotStateOf(key(importer)).deps.find((d) => d.keys.includes(dependency));
      if (accepting) {
        const callback = accepting.callback;
        plan.boundaries.push({ at: importer, via: ref, self: false, accept: (module) => callback(accepting.keys.map((k) => (k === dependency ? module : undefined))) });
        continue;
      }
      const dead = walk(importer);
      if (dead) return dead;
    }
    return undefined;
  };
  for (const ref of changed) {
    if (!ref.artifact.ran.has(ref.id)) continue; // not run in this page yet: its new factory is all it needs
    const dead = walk(ref);
    if (dead) return { reload: dead };
  }
  return plan;
}

/** Disposes the stale files, runs the boundaries (and the entries on the way, whose names are bound again), and tells their callbacks. */
function runPlan(plan: Plan): void {
  for (const ref of plan.stale.values()) {
    const state = hotStateOf(key(ref));
    for (const dispose of state.dispose) dispose(state.data);
    ref.artifact.ran.delete(ref.id);
    for (const importers of [...ref.artifact.importers.values(), ...ref.artifact.externalImporters.values()]) importers.delete(ref.id);
  }
  // An entry on the way runs again first: the files of other modules that import it then see its new names.
  for (const ref of plan.stale.values()) {
    if (ref.id !== ref.artifact.entry || plan.boundaries.some((b) => b.self && key(b.at) === key(ref))) continue;
    ref.artifact.bind?.(requireFile(ref.artifact, ref.id));
  }
  for (const boundary of plan.boundaries) {
    const module = requireFile(boundary.via.artifact, boundary.via.id);
    if (boundary.via.id === boundary.via.artifact.entry) boundary.via.artifact.bind?.(module);
    boundary.accept(module);
  }
}

const queue: { artifact: Artifact; id: string; message?: string }[] = [];
whenInvalidated((artifact, id, message) => {
  if (message) console.debug(`[kit] ${artifact.vspecifier}: ${id} invalidated: ${message}`);
  queue.push({ artifact, id, message });
});

/**
 * Applies one module's update to the page: nothing accepts it → the reason (the page
 * reloads); else its files fetched from `/u/` and run up to the boundaries, dispose handlers
 * first, and what files invalidated carried on to their importers. Undefined when applied.
 */
export async function applyModuleUpdate(update: ModuleUpdate): Promise<string | undefined> {
  const artifact = artifacts.get(update.vspecifier)!;
  // The build after files the page got on their own: the page has them, and only takes the new build's name.
  if (!update.files.length && !update.pruned.length) return undefined;
  queue.length = 0;
  const plan = planUpdate(update.files.map((f) => ({ artifact, id: f.id })));
  if ('reload' in plan) return plan.reload;
  const payload = { type: 'update', updates: update.files.map((f) => ({ type: 'js-update', path: f.path, acceptedPath: f.path, timestamp: Date.now() })) };
  dispatchHotEvent('kit:beforeUpdate', payload);
  try {
    await Promise.all(update.files.map((f) => import(/* @vite-ignore */ f.url)));
  } catch (error) {
    // Not served (gone since, or the service stopped): the page cannot catch up file by file. An import the update's code makes that fails is the code's error.
    if (error instanceof TypeError) return `an update of ${update.vspecifier} could not be loaded (${error.message})`;
    throw error;
  }
  for (const id of update.pruned) {
    const state = hotStateOf(keyOf(artifact, id));
    for (const prune of state.prune) prune(state.data);
    artifact.factories.delete(id);
    artifact.ran.delete(id);
  }
  runPlan(plan);
  // What files said they cannot take: on to their importers, or a reload.
  for (let next = queue.shift(); next; next = queue.shift()) {
    dispatchHotEvent('kit:invalidate', { path: next.id, message: next.message });
    const more = planUpdate([{ artifact: next.artifact, id: next.id }], keyOf(next.artifact, next.id));
    if ('reload' in more) return next.message ? `${next.id}: ${next.message}` : more.reload;
    runPlan(more);
  }
  dispatchHotEvent('kit:afterUpdate', payload);
  return undefined;
}

/** Whether the page runs this module's development output as replaceable files. */
export function isHotModule(vspecifier: string): boolean {
  return artifacts.get(vspecifier)?.entry !== undefined;
}
