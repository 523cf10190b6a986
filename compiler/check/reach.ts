import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { currentStamp, stampsHold, type Freshness, type KeptStamps } from '../freshness/freshness.js';
import { rememberContent } from '../freshness/content.js';
import { fileStamp } from '../freshness/stamp.js';
import { findModule, isStylesheetModule, type Workspace } from '../workspace/model.js';
import { aliasLookup } from './aliases.js';
import { directoryListings, resolveInstalledTypes, resolveRelative } from './resolve.js';
import { scanSpecifiers, type FileSpecifiers } from './specifiers.js';
import { capabilitiesOf } from '../workspace/bundler-specifiers.js';

/** Each file's specifiers, kept while its stat is unchanged: most of a workspace does not change between builds. */
const scanned = new Map<string, { stamp: string; specifiers: FileSpecifiers }>();

function specifiersOf(file: string, stamps: Map<string, string>): FileSpecifiers | undefined {
  const { stamp } = fileStamp(file);
  stamps.set(file, stamp);
  const kept = scanned.get(file);
  // A racy stamp is never equal to another: the file is read again.
  if (kept && kept.stamp === stamp) return kept.specifiers;
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  // The builds resting on this file record its digest: taken from this read, not another.
  rememberContent(file, stamp, content);
  const specifiers = scanSpecifiers(content.toString('utf8'), /\.[jt]sx$/.test(file));
  scanned.set(file, { stamp, specifiers });
  return specifiers;
}

const SCANNED = /\.([cm]?[jt]sx?)$/;

/**
 * What a module entry reaches, with what that answer rests on: the stamp of every file read
 * and of every directory looked in (a file made there may change what an import names). Its
 * files are those it walked itself (`own`) and those of the other modules' reaches it took
 * whole (`took`): a digest made of theirs reads each module's files once, not once per
 * module importing it. A new Reach is made whenever anything it rests on changed, so what is
 * derived from one may be kept with it.
 */
export interface Reach extends KeptStamps {
  readonly files: string[];
  readonly stamps: Map<string, string>;
  /** Those of `stamps` this walk took itself, not from the reaches it took whole. */
  readonly ownStamps: ReadonlyMap<string, string>;
  readonly own: string[];
  readonly took: Reach[];
  /**
   * On an import cycle with another module: which of them was walked first decides which took
   * the other whole, so only the whole list of its files is the same whichever was.
   */
  readonly cyclic: boolean;
}

/** The reach of each module entry, kept while every stamp it rests on holds, for the last discovery asked about. */
const reaches = new Map<string, Reach>();
let reachedIn: Workspace | undefined;

/**
 * The files a module's verdict depends on: what its entry reaches through imports, type
 * imports and references, as TypeScript resolves them (tsconfig `paths` aliases too). Other
 * modules are reached through their specifiers (their sources are their types); an installed
 * package through the declaration file it is typed by (and its package.json), whose own
 * relative references are followed but not its imports of further packages: an install changes
 * those, and an install is an input of its own (`installRecords`). Another module's reach is kept while nothing it
 * rests on changed: the modules that import it (a chain through a workspace's packages) take
 * it whole instead of walking it again.
 */
export function reachableFiles(workspace: Workspace, entry: string, freshness?: Freshness): string[] {
  return reachOf(workspace, entry, new Set(), freshness).files;
}

/**
 * `reachableFiles`, with the stamp each file had when it was read or last found unchanged (just
 * now, or as a trusted watcher vouches: `freshness`).
 */
export function reachWithStamps(workspace: Workspace, entry: string, freshness?: Freshness): Reach {
  return reachOf(workspace, entry, new Set(), freshness);
}

/**
 * Walks what each `ts` module's verdict rests on ahead of its first request, one module a turn
 * of the event loop (a request waits for one walk at most), and stops once another discovery of
 * the workspace is asked about. For a service whose watcher vouches for what was walked (`freshness`
 * trusted): a walk before then would be stat'ed again at its first use. A cold module's request
 * would otherwise walk a chain of packages nothing had walked yet.
 */
export async function reachAhead(workspace: Workspace, freshness: Freshness): Promise<void> {
  const entries = workspace.modules.filter((module) => capabilitiesOf(module.bundler).typeChecks && module.diagnostics.length === 0).map((module) => module.entry);
  const before = reachedIn;
  for (const entry of entries) {
    await new Promise(setImmediate);
    // A request asked about another discovery since: what its reaches keep is not let go.
    if ((reachedIn !== workspace && reachedIn !== before) || freshness.mark() === undefined) return;
    reachOf(workspace, entry, new Set(), freshness);
  }
}

/**
 * Whether a kept reach still holds. A watcher that vouches for it answers for its files; else
 * its own stamps are looked at, then those of each reach it took, each of those once in a turn
 * of the event loop while the watcher reports nothing: the modules of a chain of packages rest
 * on the same reaches, and one looked at a moment ago is not stat'ed again for each module
 * above it. The reach asked about (`taken`: false) always has its own files looked at.
 */
function stillHolds(kept: Reach, freshness: Freshness | undefined, taken = false): boolean {
  // Taken before anything is looked at: a report that comes meanwhile is looked at next time.
  const mark = freshness?.mark();
  if (mark !== undefined && freshness!.vouchesFor(kept)) return stampsHold(kept, freshness);
  if (taken && heldThisTurn.has(kept) && heldThisTurn.get(kept) === mark) return true;
  for (const [path, stamp] of kept.ownStamps) if (currentStamp(path) !== stamp) return false;
  if (!kept.took.every((other) => stillHolds(other, freshness, true))) return false;
  kept.checked = mark;
  noteHeld(kept, mark);
  return true;
}

/** Reaches found (or made) holding in this turn of the event loop, with the watcher's mark then; let go at its end. */
const heldThisTurn = new Map<Reach, number | undefined>();
let turnEnds: NodeJS.Immediate | undefined;

function noteHeld(reach: Reach, mark: number | undefined): void {
  heldThisTurn.set(reach, mark);
  turnEnds ??= setImmediate(() => {
    heldThisTurn.clear();
    turnEnds = undefined;
  }).unref();
}

function reachOf(workspace: Workspace, entry: string, walking: Set<string>, freshness: Freshness | undefined): Reach {
  // A new discovery (a manifest changed): what was kept for the old one is let go.
  if (workspace !== reachedIn) reaches.clear();
  reachedIn = workspace;
  const kept = reaches.get(entry);
  if (kept && stillHolds(kept, freshness)) return kept;
  // Taken before anything is read: a change reported during the walk is looked at next time.
  const checked = freshness?.mark();
  walking.add(entry);
  const reached = new Set<string>();
  const own: string[] = [];
  const took = new Set<Reach>();
  let cyclic = false;
  const stamps = new Map<string, string>();
  const exists = directoryListings((dir) => stamps.set(dir, currentStamp(dir)));
  // An edit to a tsconfig's `paths` changes where an alias leads.
  const aliases = aliasLookup(workspace, (tsconfigs) => {
    for (const file of tsconfigs) if (!stamps.has(file)) stamps.set(file, currentStamp(file));
  });
  const queue = [entry];
  const reach = (file: string | undefined) => {
    if (file && !reached.has(file)) queue.push(file);
  };
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    own.push(file);
    if (!SCANNED.test(file)) {
      stamps.set(file, currentStamp(file));
      continue;
    }
    const specifiers = specifiersOf(file, stamps);
    if (!specifiers) continue;
    const installed = file.includes('/node_modules/');
    for (const specifier of specifiers.modules) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) reach(resolveRelative(specifier, file, true, exists));
      else if (!installed) reachBare(specifier, file);
    }
    for (const path of specifiers.paths) reach(resolve(dirname(file), path));
    if (!installed) for (const name of specifiers.types) reachBare(name, file);
  }
  walking.delete(entry);
  const merged = new Map(stamps);
  for (const other of took) for (const [path, stamp] of other.stamps) merged.set(path, stamp);
  const found: Reach = { files: [...reached], stamps: merged, ownStamps: stamps, checked, own, took: [...took], cyclic };
  noteHeld(found, checked);
  reaches.set(entry, found);
  return found;

  function reachBare(specifier: string, importer: string): void {
    const module = findModule(workspace, specifier);
    // A stylesheet a package exports is typed by the ambient `*.css` declarations, not by its text.
    if (module && isStylesheetModule(module)) return;
    if (module?.entry === entry) return reach(entry);
    // A module on a cycle back to one being walked is walked here.
    if (module && walking.has(module.entry)) {
      cyclic = true;
      return reach(module.entry);
    }
    if (module) {
      const other = reachOf(workspace, module.entry, walking, freshness);
      took.add(other);
      for (const file of other.files) {
        // It reaches this entry back: the two are on a cycle.
        if (file === entry) cyclic = true;
        reached.add(file);
      }
      return;
    }
    const aliased = aliases(specifier, importer, { types: true, exists });
    if (aliased) return reach(aliased);
    const { types, manifest } = resolveInstalledTypes(specifier.replace(/^node:/, ''), dirname(importer), exists, (manifest) => stamps.set(manifest, currentStamp(manifest)));
    reach(manifest);
    reach(types);
  }
}
