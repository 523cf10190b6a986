import { hotStateOf, invalidateFile } from './hot-context.js';
import type { Artifact, Exports } from './artifact.js';

/** What the page gets of react-refresh's runtime (loaded before the application, see react-refresh-entry.ts). */
interface RefreshRuntime {
  register(type: unknown, id: string): void;
  createSignatureFunctionForTransform(): unknown;
  isLikelyComponentType(value: unknown): boolean;
  performReactRefresh(): unknown;
}

/** The files swc gave Fast Refresh's registrations (compiler/hot/factory.ts). */
const COMPONENT_FILE = /\.[jt]sx$/;
const refresh = () => (window as unknown as { __kit_refresh?: RefreshRuntime }).__kit_refresh;

/** A component file's `$RefreshReg$` and `$RefreshSig$`, naming its components by file; none without react-refresh. */
export function refreshHooks(key: string, id: string): { r?: (type: unknown, name: string) => void; s?: () => unknown } {
  const runtime = refresh();
  if (!runtime || !COMPONENT_FILE.test(id)) return {};
  return { r: (type, name) => runtime.register(type, `${key} ${name}`), s: () => runtime.createSignatureFunctionForTransform() };
}

/**
 * After a component file ran: its exported components registered, and, when it exports only
 * components, the file takes its own updates as Vite's React plugin has it: the new exports
 * must be components under the same names (else the update goes on to its importers, as
 * `invalidate()` sends it), and React re-renders them with their hooks' state kept.
 */
export function afterComponentFileRan(artifact: Artifact, id: string, exports: Exports): void {
  const runtime = refresh();
  if (!runtime || !COMPONENT_FILE.test(id)) return;
  const key = `${artifact.vspecifier} ${id}`;
  const names = Object.keys(exports);
  for (const name of names) if (runtime.isLikelyComponentType(exports[name])) runtime.register(exports[name], `${key} export ${name}`);
  if (!names.length || !names.every((name) => runtime.isLikelyComponentType(exports[name]))) return;
  const state = hotStateOf(key);
  if (state.self) return; // the file's own `accept` decides
  state.self = (next) => {
    const problem = refreshProblem(runtime, exports, next);
    if (problem) invalidateFile(artifact, id, `could not Fast Refresh ${problem}`);
    else scheduleRefresh(runtime);
  };
}

/** Why `next` cannot replace `previous` in place, if it cannot. */
function refreshProblem(runtime: RefreshRuntime, previous: Exports, next: Exports): string | undefined {
  const removed = Object.keys(previous).find((name) => !(name in next));
  if (removed) return `(export ${removed} removed)`;
  const added = Object.keys(next).find((name) => !(name in previous));
  if (added) return `(new export ${added})`;
  const other = Object.keys(next).find((name) => !runtime.isLikelyComponentType(next[name]) && previous[name] !== next[name]);
  return other ? `(export ${other} is not a component)` : undefined;
}

let scheduled: ReturnType<typeof setTimeout> | undefined;

/** One re-render for the components of one update, however many files it ran. */
function scheduleRefresh(runtime: RefreshRuntime): void {
  clearTimeout(scheduled);
  scheduled = setTimeout(() => runtime.performReactRefresh(), 16);
}
