import { dirname, relative, sep } from 'node:path';
import { compileAll, directoryListings, hotFileUpdate, judgedOptions, plannedOf, writtenPlanner, type Compiler, type Diagnostic, type FileUpdate, type ModuleBuild, type ModuleInfo, type PlannedImports, type Workspace } from '../compiler/index.js';
import type { Channel } from './channel.js';
import { Dependents } from './dependents.js';
import { fileUpdateOf, hotUpdateOf, type HotModuleUpdate, type RunningBuild } from './hot-updates.js';

interface Known {
  status: 'valid' | 'invalid';
  hash: string;
  stylesHash?: string;
  diagnostics: Diagnostic[];
  /** What a page needs of it: its imports, and whether it has a stylesheet. */
  planned: PlannedImports;
  /** When its compile started, in the order of every judged compile (see `judge`). */
  started: number;
}

/** A judged build that changed, as the terminal reports it. */
export interface BuildOutcome {
  /** Undefined for the workspace's own manifests. */
  module?: ModuleInfo;
  status: 'valid' | 'invalid';
  /** What differs from the module's previous judged build; undefined for its first. */
  changed?: { code: boolean; styles: boolean; fixed: boolean };
  /** Its changed files were announced as a hot update: open previews apply them where a file accepts them. */
  hot?: boolean;
  diagnostics: Diagnostic[];
  /** The workspace's warnings, on its own outcome (no module): the terminal prints each new one once. */
  warnings?: Diagnostic[];
  ms: number;
}

/**
 * Builds judged at once beside the esbuild modules' own calls, as `kit build` compiles: enough to
 * keep TypeScript 7 busy while rolldown works (more did not render a cold page sooner).
 */
const JUDGE_CONCURRENCY = 4;

/**
 * Dependents judged together after an edit: a module edited again meanwhile waits for these
 * verdicts at most (TypeScript 7 answers in the order it is asked), not for every dependent's.
 */
const DEPENDENTS_AT_ONCE = 8;
/** How long after an edit its dependents wait for another edit before they are judged. */
const DEPENDENTS_AFTER_MS = 200;

/**
 * The current build state of every module in its judged form. Each change of a module's
 * status or hash bumps `revision` and is announced once as `build.ended`.
 */
export class BuildStates {
  revision = 0;
  private current = new Map<string, Known>();
  /** Each module's last valid build announced: what open previews run, and what a hot update starts from. */
  private running = new Map<string, RunningBuild>();
  /** Judged compiles started so far: a later one read the files as they were later. */
  private compiles = 0;
  /** The files each module's last judged build read, to tell which modules an edit affects. */
  private inputs = new Map<string, Set<string>>();
  /** The same, by file: the modules whose last judged build read it. */
  private readers = new Map<string, Set<string>>();
  private judgedWorkspace?: Workspace;

  constructor(
    private readonly channel: Channel,
    private readonly report?: (outcome: BuildOutcome) => void,
  ) {}

  /** What the dependents of each edited file rest on (see `judgeEdit`). */
  private dependents = new Dependents();
  /** Modules judged since their last judgement for an edit by another caller (a page, /state): with files as they were then. */
  private judgedElsewhere = new Set<string>();

  /**
   * Judges what an edit of `paths` changes: the modules whose directory holds an edited file
   * first, on their own (theirs are the answers awaited now), then those that read one. Of
   * those, when every edited file declares what it did when they were last judged, only
   * the ones whose code may hold an edited file (a file of their output, or a module of
   * unknown files) or judged elsewhere since: the others' verdicts stand. Dependents a few at
   * a time: once another edit has come (`superseded`), the rest are left to its judgement.
   */
  async judgeEdit(compiler: Compiler, workspace: Workspace, paths: ReadonlySet<string>, superseded: () => boolean = () => false): Promise<void> {
    // The edits whose dependents a later edit left unjudged are judged with this one's.
    const edits = new Set([...this.dependentsOwed, ...paths]);
    this.dependentsOwed = edits;
    const signatures = this.dependents.signaturesOf(edits);
    const { holding } = this.affected(workspace, paths);
    const reading = this.affected(workspace, edits).reading.filter((module) => !holding.includes(module));
    await this.judge(compiler, workspace, holding, { forEdit: true });
    const edited = new Set([...edits].map((path) => relative(workspace.root, path).split(sep).join('/')));
    const mayHold = (module: ModuleInfo) => {
      const files = this.running.get(module.vspecifier)?.hot?.files;
      return !files || this.judgedElsewhere.has(module.vspecifier) || Object.values(files).some((file) => edited.has(file.path));
    };
    const dependents = this.dependents.kept(signatures) ? reading.filter(mayHold) : reading;
    let settled = true;
    // A burst of saves (format on save, an editor saving as one types) judges them once, after it.
    for (let waited = 0; dependents.length && waited < DEPENDENTS_AFTER_MS && !superseded(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    for (let at = 0; at < dependents.length; at += DEPENDENTS_AT_ONCE) {
      // Another edit came: these verdicts are judged again with it, and its own module's answer (and verdict) comes first.
      if (superseded()) return this.dependents.note(signatures, false);
      const builds = await this.judge(compiler, workspace, dependents.slice(at, at + DEPENDENTS_AT_ONCE), { forEdit: true });
      settled &&= [...builds.values()].every((build) => build.settled);
    }
    this.dependentsOwed = new Set();
    this.dependents.note(signatures, settled);
  }

  /** Edited files whose dependents were left to the next edit's judgement (see `judgeEdit`). */
  private dependentsOwed = new Set<string>();

  /** Builds `modules` in their judged form, records the results and announces what changed. `forEdit`: the watcher's judgement of an edit. */
  async judge(compiler: Compiler, workspace: Workspace, modules: ModuleInfo[], { forEdit = false } = {}): Promise<Map<ModuleInfo, ModuleBuild>> {
    for (const module of modules) {
      if (forEdit) this.judgedElsewhere.delete(module.vspecifier);
      else this.judgedElsewhere.add(module.vspecifier);
    }
    const took = new Map<ModuleInfo, number>();
    const order = new Map<ModuleInfo, number>();
    const started = performance.now();
    // A few at a time: a thousand builds in flight hold a thousand bundles' memory, and finish no sooner.
    const builds = await compileAll(compiler, workspace, modules, judgedOptions, {
      concurrency: JUDGE_CONCURRENCY,
      onStarted: (m) => order.set(m, ++this.compiles),
      onBuilt: (m) => took.set(m, performance.now() - started),
    });
    this.judgedWorkspace = workspace;
    for (const [module, build] of builds) this.noteInputs(module.vspecifier, build.inputs, order.get(module) ?? 0);
    const changed: { vspecifier: string; status: string; hash: string; styles?: string }[] = [];
    const hot: HotModuleUpdate[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const [module, build] of builds) {
      // A build that raced an edit is not announced; the edit's own rebuild will be.
      if (!build.settled) continue;
      const before = this.current.get(module.vspecifier);
      const begun = order.get(module) ?? 0;
      // Judged at once by another caller (a page, /state, the watcher), a compile begun later may
      // have finished first: this older one is not news, and never announced after it.
      if (before && before.started > begun) continue;
      if (before && before.hash === build.hash && before.stylesHash === build.stylesHash && before.status === build.status) {
        before.started = begun;
        continue;
      }
      this.current.set(module.vspecifier, { status: build.status, hash: build.hash, stylesHash: build.stylesHash, diagnostics: build.diagnostics, planned: plannedOf(build), started: begun });
      let update: HotModuleUpdate | undefined;
      if (build.status === 'valid') {
        const running = this.running.get(module.vspecifier);
        update = running && running.hash !== build.hash ? hotUpdateOf(module, running, build) : undefined;
        if (update) hot.push(update);
        this.running.set(module.vspecifier, { hash: build.hash, hot: build.hot });
      }
      this.report?.({
        module,
        status: build.status,
        changed: before && { code: before.hash !== build.hash, styles: before.stylesHash !== build.stylesHash, fixed: before.status === 'invalid' && build.status === 'valid' },
        hot: !!update && !update.reload,
        diagnostics: build.diagnostics,
        ms: took.get(module) ?? 0,
      });
      changed.push({ vspecifier: module.vspecifier, status: build.status, hash: build.hash, styles: build.stylesHash });
      diagnostics.push(...build.diagnostics);
    }
    // Before the builds' own event: a page that applies the files has what `build.ended` announces, and does not reload.
    if (hot.length) this.channel.publish('hot.update', { modules: hot });
    if (changed.length) {
      this.revision++;
      // `edit`: the watcher's judgement of an edit (a page that had not seen a module built yet may have loaded the build before it).
      this.channel.publish('build.ended', { modules: changed, diagnostics, ...(forEdit ? { edit: true } : {}) });
    }
    // A manifest problem of the workspace (kit.json, a package directory) is news too: announced with no module.
    if (this.noteWorkspace(workspace)) this.channel.publish('build.ended', { modules: [], diagnostics: workspace.diagnostics });
    return builds;
  }

  /**
   * Applies an edit of `paths` ahead of the modules' builds where each edited file can be made
   * on its own (`hotFileUpdate`): the open previews run the new files at once, and the builds
   * that follow send them nothing more. All or nothing: one path that cannot be so made (a new
   * file, a manifest, an edit that changes what a file imports or exports) leaves the whole
   * edit to the builds. True when it was announced.
   */
  async updateFiles(workspace: Workspace, paths: ReadonlySet<string>): Promise<boolean> {
    if (workspace.diagnostics.length) return false;
    const edited = new Map<ModuleInfo, { running: RunningBuild; ids: string[] }>();
    for (const path of paths) {
      const holders = this.runningFilesAt(workspace, relative(workspace.root, path).split(sep).join('/'));
      // Only over a valid build: a module that fails now waits for a build that does not.
      if (!holders.length || holders.some(({ module }) => this.current.get(module.vspecifier)?.status !== 'valid')) return false;
      for (const { module, running, id } of holders) (edited.get(module) ?? edited.set(module, { running, ids: [] }).get(module)!).ids.push(id);
    }
    const made = await Promise.all(
      [...edited].map(async ([module, { running, ids }]) => ({ module, running, updates: await Promise.all(ids.map((id) => hotFileUpdate(workspace, module, running.hot!, id))) })),
    );
    // Nothing made, or a build announced meanwhile: the builds tell.
    if (!made.length || made.some(({ module, running, updates }) => this.running.get(module.vspecifier) !== running || updates.includes(undefined))) return false;
    const modules = made.map(({ module, running, updates }) => {
      const { update, running: next } = fileUpdateOf(module, running as RunningBuild & { hot: NonNullable<RunningBuild['hot']> }, updates as FileUpdate[]);
      this.running.set(module.vspecifier, next);
      return update;
    });
    this.channel.publish('hot.update', { modules });
    return true;
  }

  /** Each module whose running build holds the file at `path` (from the workspace's root; a helper may be in several), with the file's id there. */
  private runningFilesAt(workspace: Workspace, path: string): { module: ModuleInfo; running: RunningBuild; id: string }[] {
    const found: { module: ModuleInfo; running: RunningBuild; id: string }[] = [];
    for (const module of workspace.modules) {
      const running = this.running.get(module.vspecifier);
      for (const [id, file] of Object.entries(running?.hot?.files ?? {})) if (file.path === path) found.push({ module, running: running!, id });
    }
    return found;
  }

  /** When the compile whose inputs `inputs` holds for each module started: an older compile's are not noted over a newer's. */
  private inputsStarted = new Map<string, number>();

  private noteInputs(vspecifier: string, inputs: readonly string[], started: number): void {
    if ((this.inputsStarted.get(vspecifier) ?? -1) > started) return;
    this.inputsStarted.set(vspecifier, started);
    for (const file of this.inputs.get(vspecifier) ?? []) this.readers.get(file)?.delete(vspecifier);
    this.inputs.set(vspecifier, new Set(inputs));
    for (const file of inputs) {
      let readers = this.readers.get(file);
      if (!readers) this.readers.set(file, (readers = new Set()));
      readers.add(vspecifier);
    }
  }

  private workspaceDiagnostics = '[]';
  private workspaceWarnings = '[]';

  /** True when the workspace's own diagnostics changed (news for the page); a change of its warnings is told the terminal only. */
  private noteWorkspace(workspace: Workspace): boolean {
    const now = JSON.stringify(workspace.diagnostics);
    const warnings = JSON.stringify(workspace.warnings);
    if (now === this.workspaceDiagnostics && warnings === this.workspaceWarnings) return false;
    const news = now !== this.workspaceDiagnostics;
    this.workspaceDiagnostics = now;
    this.workspaceWarnings = warnings;
    this.report?.({ status: workspace.diagnostics.length ? 'invalid' : 'valid', diagnostics: workspace.diagnostics, warnings: workspace.warnings, ms: 0 });
    return news;
  }

  /**
   * The modules an edit of `paths` may change, in two groups: those whose directory holds a
   * changed file (a new file may be what a failed build was missing), then those that read
   * one of the files or a directory holding one (type packages): a dependency's files, for
   * their verdict, mostly. Every module when the manifests changed (a new discovery). A module
   * no page, report or edit has judged yet is not judged for an edit elsewhere: no one has
   * seen its state, and it is judged when asked for (judging them all at the first edit built
   * the whole workspace while that edit's own answer was awaited).
   */
  affected(workspace: Workspace, paths: ReadonlySet<string>): { holding: ModuleInfo[]; reading: ModuleInfo[] } {
    const changed = [...paths];
    const holding = workspace.modules.filter((module) => changed.some((path) => path.startsWith(`${module.dir}/`)));
    if (!this.judgedWorkspace) return { holding, reading: [] };
    if (workspace !== this.judgedWorkspace) return { holding, reading: workspace.modules.filter((module) => !holding.includes(module)) };
    // Who read each path, or a directory above it: looked up by path, not module by module.
    const readers = new Set<string>();
    for (const path of paths) {
      for (let at = path; ; at = dirname(at)) {
        for (const vspecifier of this.readers.get(at) ?? []) readers.add(vspecifier);
        if (dirname(at) === at) break;
      }
    }
    return { holding, reading: workspace.modules.filter((module) => readers.has(module.vspecifier) && !holding.includes(module)) };
  }

  /** The diagnostics of every module whose current judged build failed. */
  failures(): Diagnostic[] {
    return [...this.current.values()].flatMap((k) => k.diagnostics);
  }

  /**
   * What each module imports, for a page in development: its judged build's, else what its
   * sources import (`writtenPlanner`), so a page (and the installed packages' layout it names)
   * is planned without waiting for the workspace's judgement.
   */
  plannedImports(workspace: Workspace): (module: ModuleInfo) => Promise<PlannedImports> {
    const fromSources = writtenPlanner(workspace, directoryListings());
    return async (module) => this.current.get(module.vspecifier)?.planned ?? fromSources(module);
  }

  /** The module's current judged build, as last recorded. */
  known(vspecifier: string): Known | undefined {
    return this.current.get(vspecifier);
  }
}
