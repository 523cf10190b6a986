import { hideOverlay, showOverlay, showReloadNotice, type Diagnostic } from './overlay.js';
import { fromErrorEvent, fromRejection, pageErrorDiagnostic, reportPageError, type PageError } from './page-errors.js';
import { hotRegistry } from './hot-registry.js';
import { applyModuleUpdate, isHotModule, type ModuleUpdate } from './hot-apply.js';
import { dispatchHotEvent } from './hot-context.js';

// Before any module of the page runs: their development outputs register their files here (compiler/hot/).
(globalThis as unknown as { __kit_hot: typeof hotRegistry }).__kit_hot = hotRegistry;

/** What the preview page embeds about itself in `#kit-preview`. */
interface PageState {
  options: string;
  diagnostics: Diagnostic[];
  /** Each module the page loads from this service; `hash` is empty when it was invalid at load, or not built yet (`pending`). */
  modules: Record<string, { hash: string; styles?: string; diagnostics?: Diagnostic[]; pending?: boolean }>;
  /** The entry chooser: any rebuild may settle the entry, so it loads again. */
  reloadOnBuild?: boolean;
  /** A code change that no file accepts reloads the page (Vite's full reload); false: a notice asks for it. */
  reload?: boolean;
  /** The event log's cursor when the page was made: what was announced after it is asked for too. */
  cursor?: number;
}

interface BuildEnded {
  modules: { vspecifier: string; status: 'valid' | 'invalid'; hash: string; styles?: string }[];
  diagnostics: Diagnostic[];
  /** Judged for an edit, not for a page or a report. */
  edit?: boolean;
}

const state = JSON.parse(document.getElementById('kit-preview')?.textContent ?? '{}') as PageState;
const known = new Map(Object.entries(state.modules ?? {}));
const failing = new Map<string, Diagnostic[]>();
/** The workspace's own manifest problems, announced by a `build.ended` with no module. */
let workspaceProblems: Diagnostic[] = [];
// A module invalid at load failed the page's import of the entry: nothing of the page ran.
const neverRan = new Set([...known].filter(([, m]) => !m.hash && !m.pending).map(([v]) => v));
for (const vspecifier of neverRan) failing.set(vspecifier, known.get(vspecifier)?.diagnostics ?? []);
/** Errors the page's own code threw: shown beside the build's diagnostics until the page reloads. */
const thrown: Diagnostic[] = [];
/** Those a hot update's code threw: gone with the next update that applies. */
const thrownByUpdates = new Set<Diagnostic>();
showOverlay(state.diagnostics ?? []);

/** An error thrown while the page's modules load or run: never a blank page without a word. */
function onPageError(error: PageError): void {
  const diagnostic = pageErrorDiagnostic(error);
  if (thrown.some((d) => d.message === diagnostic.message)) return;
  thrown.push(diagnostic);
  reportPageError(error);
  showOverlay(currentDiagnostics());
}
window.addEventListener('error', (event) => onPageError(fromErrorEvent(event)));
window.addEventListener('unhandledrejection', (event) => onPageError(fromRejection(event)));

/** An error a hot update's code threw: in the overlay until an update applies. */
function onUpdateError(error: unknown): void {
  const stack = (error as Error | undefined)?.stack ?? '';
  const page = { message: `hot update failed: ${(error as Error)?.message ?? String(error)}`, ...firstModuleFrame(stack) };
  onPageError(page);
  const added = thrown[thrown.length - 1];
  if (added) thrownByUpdates.add(added);
  dispatchHotEvent('kit:error', { err: { message: page.message, stack } });
}

/** Where in a module of this service a stack points first (updates are served from `/u/`, their module from `/m/`). */
function firstModuleFrame(stack: string): Pick<PageError, 'address'> {
  const at = /\/(?:m|u\/[0-9a-f]+)\/([^\s?:)]+)/.exec(stack);
  return at ? { address: `/m/${at[1].replace(/\/@file\/.*$/, '')}` } : {};
}

/** What the overlay shows: the workspace's problems, each failing module's, and what the page threw; each once. */
function currentDiagnostics(): Diagnostic[] {
  return [...new Map([...(state.diagnostics ?? []), ...workspaceProblems, ...[...failing.values()].flat(), ...thrown].map((d) => [JSON.stringify(d), d])).values()];
}

/** `@scope/pkg@1.0.0/sub` → `/u/<hash>/@scope/pkg@1.0.0/styles/sub?<options>` */
function updateUrl(vspecifier: string, hash: string): string {
  const at = vspecifier.indexOf('@', 1);
  const slash = vspecifier.indexOf('/', at);
  return `/u/${hash}/${vspecifier.slice(0, slash)}/styles/${vspecifier.slice(slash + 1)}?${state.options}`;
}

/** Loads the new sheet beside the old one and drops the old one only once the new one applies. */
function swapStylesheet(vspecifier: string, hash: string): void {
  const current = [...document.querySelectorAll<HTMLLinkElement>('link[data-kit-styles]')].filter((l) => l.dataset.kitStyles === vspecifier);
  const old = current[current.length - 1];
  if (!old) return;
  const next = old.cloneNode() as HTMLLinkElement;
  next.href = updateUrl(vspecifier, hash);
  next.addEventListener('load', () => current.forEach((l) => l.remove()), { once: true });
  next.addEventListener('error', () => next.remove(), { once: true });
  old.after(next);
}

/**
 * The build of `vspecifier` this page ran: the ETag (its build's hash) of the answer in the
 * browser's cache, asked for from that cache alone. Undefined when it is not there.
 */
async function loadedBuild(vspecifier: string): Promise<string | undefined> {
  const at = vspecifier.indexOf('@', 1);
  const slash = vspecifier.indexOf('/', at);
  const url = `/m/${vspecifier.slice(0, slash)}/modules/${vspecifier.slice(slash + 1)}?${state.options}`;
  const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => undefined);
  return response?.ok ? response.headers.get('etag')?.replace(/"/g, '') : undefined;
}

/**
 * Reloads the page unless it already runs each of these builds (its request came after the
 * build was made, before its announcement reached the page); one it cannot tell reloads it.
 */
async function reloadUnlessRunning(builds: { vspecifier: string; hash: string }[], reason: string): Promise<void> {
  const loaded = await Promise.all(builds.map(({ vspecifier }) => loadedBuild(vspecifier)));
  if (builds.some(({ hash }, i) => loaded[i] !== hash)) reloadFor(reason);
}

/** A code change the page cannot take live: it reloads, or, with `--no-reload`, asks to. */
function reloadFor(reason: string): void {
  console.info(`[kit] reloading the page: ${reason}`);
  if (state.reload === false) return showReloadNotice();
  dispatchHotEvent('kit:beforeFullReload', { type: 'full-reload' });
  location.reload();
}

/** Updates apply one after the other, in the order they were announced. */
let updating: Promise<unknown> = Promise.resolve();

/**
 * A `hot.update`: for each module this page runs as replaceable files, at the build it was
 * announced from, its files run up to the boundaries that accept them (hot-apply.ts). The
 * page then holds the new build, so the `build.ended` that follows reloads nothing; a
 * module the page cannot update so is left to it (a reload, as before).
 */
function onHotUpdate(event: { modules: ModuleUpdate[] }): void {
  for (const update of event.modules) {
    const before = known.get(update.vspecifier);
    if (!before || before.hash !== update.from || !isHotModule(update.vspecifier) || update.reload) continue;
    known.set(update.vspecifier, { ...before, hash: update.hash });
    updating = updating
      .then(() => applyModuleUpdate(update))
      .then(
        (reason) => {
          if (reason) return reloadFor(reason);
          for (const diagnostic of thrownByUpdates) if (thrown.includes(diagnostic)) thrown.splice(thrown.indexOf(diagnostic), 1);
          thrownByUpdates.clear();
          showCurrent();
        },
        onUpdateError,
      );
  }
}

function showCurrent(): void {
  const diagnostics = currentDiagnostics();
  if (diagnostics.length) showOverlay(diagnostics);
  else hideOverlay();
}

function onBuildEnded(event: BuildEnded): void {
  if (state.reloadOnBuild) return location.reload();
  if (event.modules.length === 0) workspaceProblems = event.diagnostics;
  let recovered = false;
  const changed: { vspecifier: string; hash: string }[] = [];
  for (const module of event.modules) {
    // Modules the page loads from elsewhere (the CDN) do not change with this workspace's files.
    if (!known.has(module.vspecifier)) continue;
    const before = known.get(module.vspecifier);
    // Sent before it was built: this is the build the page asked for as it loaded, unless an edit came meanwhile.
    if (before?.pending) {
      known.set(module.vspecifier, { hash: module.hash, styles: module.styles });
      if (module.status === 'valid' && event.edit) void reloadUnlessRunning([module], 'a module changed while the page loaded');
      if (module.status === 'valid') continue;
      // Its answer failed, and with it the page's import of the entry.
      neverRan.add(module.vspecifier);
    }
    if (module.status === 'invalid') {
      failing.set(module.vspecifier, event.diagnostics);
      continue;
    }
    failing.delete(module.vspecifier);
    if (neverRan.has(module.vspecifier)) {
      recovered = true;
      known.set(module.vspecifier, { hash: module.hash, styles: module.styles });
      continue;
    }
    if (module.styles && module.styles !== before?.styles) swapStylesheet(module.vspecifier, module.styles);
    if (before?.hash && module.hash !== before.hash) changed.push(module);
    known.set(module.vspecifier, { hash: module.hash, styles: module.styles });
  }
  // The page never ran its code, or runs old code no hot update replaced: once nothing fails, loading it again runs the new (as Vite does).
  const healthy = failing.size === 0 && workspaceProblems.length === 0;
  if (healthy && recovered) return location.reload();
  if (healthy && changed.length) void reloadUnlessRunning(changed, 'a module changed that this page cannot update in place');
  else if (changed.length) showReloadNotice();
  // One event's diagnostics are stored under each module it failed, so show each once.
  showCurrent();
}

// From the page's own cursor: a build announced while the page loaded, before this stream
// opened, is heard all the same (a reconnect sends Last-Event-ID instead).
const events = new EventSource(state.cursor === undefined ? '/events' : `/events?since=${state.cursor}`);
events.addEventListener('hot.update', (e) => onHotUpdate(JSON.parse((e as MessageEvent<string>).data) as { modules: ModuleUpdate[] }));
events.addEventListener('build.ended', (e) => onBuildEnded(JSON.parse((e as MessageEvent<string>).data) as BuildEnded));
events.addEventListener('resync', () => location.reload());
// The page's index.html or a .env file changed: the page is made again (as Vite reloads for them).
events.addEventListener('page.changed', () => (state.reload === false ? showReloadNotice() : location.reload()));
(window as unknown as { __kit?: unknown }).__kit = { events };
