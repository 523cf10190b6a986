import type { Artifact } from './artifact.js';
import type { Callback, Exports, HotContext } from './hot-types.js';

export type { HotContext };

/** What a file said to the page through `import.meta.hot` while it last ran; `data` outlives its runs. */
export interface HotState {
  data: Record<string, unknown>;
  /** `accept()` or `accept(cb)`: the file takes its own updates. */
  self?: (exports: Exports) => void;
  /** `accept(deps, cb)`: the files (`file:<id>`) or modules (`spec:<specifier>`) whose updates it takes, and what it does with them. */
  deps: { keys: string[]; callback: (modules: (Exports | undefined)[]) => void }[];
  dispose: ((data: Record<string, unknown>) => void)[];
  prune: ((data: Record<string, unknown>) => void)[];
  declined: boolean;
  listeners: Map<string, Callback[]>;
}


/** By `vspecifier id` (see keyOf). */
export const hotStates = new Map<string, HotState>();

/** Told when a file calls `import.meta.hot.invalidate()` (hot-apply.ts). */
let onInvalidate: (artifact: Artifact, id: string, message?: string) => void = () => {};
export function whenInvalidated(handler: typeof onInvalidate): void {
  onInvalidate = handler;
}

/** As `import.meta.hot.invalidate(message)` of the file. */
export function invalidateFile(artifact: Artifact, id: string, message?: string): void {
  onInvalidate(artifact, id, message);
}

/** The state of a file, made once. */
export function hotStateOf(key: string): HotState {
  let state = hotStates.get(key);
  if (!state) hotStates.set(key, (state = { data: {}, deps: [], dispose: [], prune: [], declined: false, listeners: new Map() }));
  return state;
}

/** Vite's event names are kit's: code written for Vite's `import.meta.hot.on('vite:…')` hears kit's. */
const eventName = (event: string) => event.replace(/^vite:/, 'kit:');

/** Calls each file's listeners of `event` (`kit:beforeUpdate`, `kit:afterUpdate`, `kit:beforeFullReload`, `kit:error`, `kit:invalidate`). */
export function dispatchHotEvent(event: string, payload: unknown): void {
  for (const state of hotStates.values()) for (const listener of state.listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload);
}

/**
 * The `import.meta.hot` of one run of a file. A run starts with nothing accepted or
 * registered (the previous run's dispose handlers have run); `data` is the one the previous
 * run's handlers were given.
 */
export function createHotContext(artifact: Artifact, id: string, written?: Record<string, string>): HotContext {
  const state = hotStateOf(`${artifact.vspecifier} ${id}`);
  Object.assign(state, { self: undefined, deps: [], dispose: [], prune: [], declined: false, listeners: new Map() });
  // A specifier as the file wrote it: one of its files, else another module by its bare specifier.
  const keyOfDependency = (specifier: string) => {
    const file = written?.[specifier] ?? (artifact.factories.has(specifier) ? specifier : undefined);
    return file ? `file:${file}` : `spec:${specifier}`;
  };
  return {
    get data() {
      return state.data;
    },
    accept(deps?: unknown, callback?: unknown) {
      if (deps === undefined || typeof deps === 'function') state.self = (deps as (exports: Exports) => void) ?? (() => {});
      else if (typeof deps === 'string') state.deps.push({ keys: [keyOfDependency(deps)], callback: ([module]) => (callback as ((module?: Exports) => void) | undefined)?.(module) });
      else if (Array.isArray(deps)) state.deps.push({ keys: deps.map((d) => keyOfDependency(String(d))), callback: (modules) => (callback as ((modules: (Exports | undefined)[]) => void) | undefined)?.(modules) });
    },
    // Taken as a whole: the file runs again, as with `accept()`.
    acceptExports(_names: unknown, callback?: (exports: Exports) => void) {
      state.self = callback ?? (() => {});
    },
    dispose(callback) {
      state.dispose.push(callback);
    },
    prune(callback) {
      state.prune.push(callback);
    },
    decline() {
      state.declined = true;
    },
    invalidate(message?: string) {
      onInvalidate(artifact, id, message);
    },
    on(event, callback) {
      const name = eventName(event);
      state.listeners.set(name, [...(state.listeners.get(name) ?? []), callback]);
    },
    off(event, callback) {
      const name = eventName(event);
      state.listeners.set(name, (state.listeners.get(name) ?? []).filter((c) => c !== callback));
    },
    // kit's channel carries no messages from the page: nothing listens for them.
    send() {},
  };
}
