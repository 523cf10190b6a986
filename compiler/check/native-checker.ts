// One class on purpose (about 290 lines): the request queue, the changes reported, the
// snapshots and the checks share its state; the process and the locating of diagnostics
// live beside it (checker-process.ts, located.ts).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { processRss, startSession, stopSession, type Project, type Session, type Snapshot, type UpdateParams } from './checker-process.js';
import { KeptVerdicts } from './kept-verdicts.js';
import { locateDiagnostics, type CheckDiagnostic } from './located.js';

export type { CheckDiagnostic } from './located.js';

/** How long after a request background work waits before it goes on. */
const QUIET_MS = 50;

export interface FileChanges {
  changed?: readonly string[];
  created?: readonly string[];
  deleted?: readonly string[];
  /** Forget every file read: when the watcher lost track (an overflow, a branch switch). */
  all?: boolean;
}

export interface NativeCheckerOptions {
  /** The native `tsc` to run with `--api`; by default the one of the installed `typescript-native` for this platform. */
  executable?: string;
  /** Told the native process's id when one starts, and `undefined` when it ends or is closed. */
  onProcess?: (pid: number | undefined) => void;
  /**
   * When kit's service last answered a request that needs no check (a warm answer, a page
   * loading), as `performance.now()` gives it: background work waits after it as after a check.
   */
  lastActivity?: () => number;
  /** What the quiet period after a request is measured with: the process's own clock and timers unless a test gives its own. */
  clock?: Clock;
}

/** Time as the request queue reads it, and a timer on it. */
export interface Clock {
  now(): number;
  /** Runs `run` once `ms` have passed on this clock. */
  after(ms: number, run: () => void): void;
}

const PROCESS_CLOCK: Clock = {
  now: () => performance.now(),
  after: (ms, run) => void setTimeout(run, ms).unref(),
};

/** The files of a check, or how to pick them from the files of the project's program when it starts. */
export type CheckFiles = readonly string[] | ((programFiles: ReadonlySet<string>) => readonly string[] | Promise<readonly string[]>);

/**
 * Type-checks with TypeScript 7, the native compiler, through its API
 * (`typescript/unstable/async`): one long-lived `tsc --api --async` process holds the
 * projects kit opened, and re-checks after an edit only what the edit affects. Every
 * request goes through one queue, so calls may overlap; what `changed` reports is applied
 * before the next request. A process that exits fails the request in flight with a clear
 * error, and the next call starts another.
 *
 * A tsconfig may be virtual (`setVirtualFile`): TypeScript reads it through kit, so the
 * configuration kit derives (`paths` of the workspace's modules, its ambient types) needs
 * no file on disk. Place it where a tsconfig.json of the workspace would be (at its root):
 * TypeScript looks for `types` under node_modules/@types from the tsconfig's directory.
 */
export class NativeChecker {
  private session?: Session;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = { changed: new Set<string>(), created: new Set<string>(), deleted: new Set<string>(), all: false };
  private readonly virtual = new Map<string, string>();
  /** Files' diagnostics kept across edits that leave what other files read of them as it was. */
  private readonly kept = new KeptVerdicts();

  /** `root` is the workspace's root: the native process's working directory. Nothing is loaded or started yet. */
  constructor(
    readonly root: string,
    private readonly options: NativeCheckerOptions = {},
  ) {}

  /** Opens the project of `tsconfig` (starting the native process if need be), so that the first check finds it ready. */
  open(tsconfig: string): Promise<void> {
    const config = resolve(tsconfig);
    return this.run(async (session) => {
      await this.project(session, config);
    });
  }

  /**
   * Syntactic and semantic diagnostics of `files` as the project of `tsconfig` sees them,
   * by file (every file has an entry). Problems of the project itself (an option TypeScript 7
   * removed, such as `baseUrl`; a tsconfig that does not parse) are listed under `tsconfig`.
   * Rejects when the first file (a module's entry) is not part of that project; the others
   * (what kit found the entry reaches) are checked where the project has them. `files` may be
   * a function of the files of the project's program, asked when the check starts (background
   * work queued long before).
   */
  check(tsconfig: string, files: CheckFiles, { background = false } = {}): Promise<Map<string, CheckDiagnostic[]>> {
    const config = resolve(tsconfig);
    const operation = async (session: Session) => {
      const project = await this.project(session, config);
      const snapshot = session.snapshot;
      const { program } = project;
      const names = await this.sourceFileNames(session, project);
      const wanted = [...new Set((typeof files === 'function' ? await files(names) : files).map((file) => resolve(file)))];
      const present = this.requireFirst(names, project, wanted);
      const found = Promise.all(
        present.map(async (file) => {
          const kept = this.kept.get(config, file);
          if (kept) return [file, kept] as const;
          const [syntactic, semantic] = await Promise.all([program.getSyntacticDiagnostics(file), program.getSemanticDiagnostics(file)]);
          const located = await locateDiagnostics(project, [...syntactic, ...semantic], file, (f) => this.readText(f));
          // Kept only while this snapshot is the current one: a change meanwhile may have dropped what it rests on.
          if (session.snapshot === snapshot) this.kept.set(config, file, located);
          return [file, located] as const;
        }),
      );
      // Asked at once with the files' (one wait for both, not one after the other): after an edit, each snapshot asks again.
      let own = session.projectDiagnostics.get(project);
      if (!own) {
        // Not getGlobalDiagnostics: it checks every file of the program, default libraries included, on each snapshot.
        own = Promise.all([program.getConfigFileParsingDiagnostics(), program.getProgramDiagnostics()]).then((lists) => lists.flat());
        // Its failure is met where it is awaited, below, or by the next check; never left unhandled meanwhile.
        own.catch(() => undefined);
        session.projectDiagnostics.set(project, own);
      }
      const result = new Map<string, CheckDiagnostic[]>();
      for (const [file, diagnostics] of await found) result.set(file, diagnostics);
      const problems = await own;
      if (problems.length) result.set(config, [...(result.get(config) ?? []), ...(await locateDiagnostics(project, problems, config, (f) => this.readText(f)))]);
      return result;
    };
    return background ? this.runLater(operation) : this.run(operation);
  }

  /** What the watcher saw (files and tsconfig files alike): the next request sees the new contents. */
  changed(changes: FileChanges): void {
    for (const file of changes.changed ?? []) this.pending.changed.add(resolve(file));
    for (const file of changes.created ?? []) this.pending.created.add(resolve(file));
    for (const file of changes.deleted ?? []) this.pending.deleted.add(resolve(file));
    if (changes.all) this.pending.all = true;
  }

  /**
   * A file TypeScript reads from kit instead of the disk (a tsconfig kit derives, say);
   * `undefined` removes it. Takes effect with the next request, as `changed` does. Only
   * reads are redirected: such a file is opened as a project or named by `extends` and
   * `files`, never found by a directory search.
   */
  setVirtualFile(path: string, text: string | undefined): void {
    const file = resolve(path);
    if (this.virtual.get(file) === text) return;
    const existed = this.virtual.has(file);
    if (text === undefined) this.virtual.delete(file);
    else this.virtual.set(file, text);
    (existed ? (text === undefined ? this.pending.deleted : this.pending.changed) : this.pending.created).add(file);
  }

  /** The process id of the native process, while one runs. */
  get pid(): number | undefined {
    return this.session?.dead ? undefined : this.session?.child.pid;
  }

  /** The native process's resident memory in bytes (Linux), undefined while none runs. */
  rss(): number | undefined {
    return processRss(this.pid);
  }

  /** Ends the native process once the requests queued before have settled. Later calls start a new one. */
  close(): Promise<void> {
    // Background work not started yet is dropped: it must not start a process after this one.
    this.backlog.length = 0;
    const done = this.queue.then(async () => {
      const session = this.session;
      this.session = undefined;
      if (session) await stopSession(session);
      if (session) this.options.onProcess?.(undefined);
    });
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Requests queued or running that someone waits for; background work waits for none to be left. */
  private waiting = 0;
  private backlog: (() => void)[] = [];

  /**
   * Runs `operation` once no other request is queued nor came for a moment (see `drain`):
   * background work (checking the whole workspace ahead of its requests) must not hold up a
   * request for long, so each background operation should be small (a module's files, not
   * the workspace).
   */
  private runLater<T>(operation: (session: Session) => Promise<T>): Promise<T> {
    return new Promise<T>((done, fail) => {
      this.backlog.push(() => void this.run(operation, true).then(done, fail));
      this.drain();
    });
  }

  /**
   * Starts the next background item once nothing waits and no request came for `QUIET_MS`:
   * during a burst of requests (a page loading, a client fetching module after module) the
   * machine is theirs, and background work resumes when they pause.
   */
  private drain(): void {
    if (this.waiting > 0 || this.backlog.length === 0 || this.draining) return;
    const quiet = this.clock.now() - Math.max(this.lastRequest, this.options.lastActivity?.() ?? -Infinity);
    if (quiet >= QUIET_MS) return void this.backlog.shift()?.();
    this.draining = true;
    this.clock.after(QUIET_MS - quiet, () => {
      this.draining = false;
      this.drain();
    });
  }

  /** When a request someone waits for last started or ended. */
  private lastRequest = -Infinity;
  /** A drain is due on the clock's timer. */
  private draining = false;
  private get clock(): Clock {
    return this.options.clock ?? PROCESS_CLOCK;
  }

  private run<T>(operation: (session: Session) => Promise<T>, background = false): Promise<T> {
    // A background item runs through here too: counted while it runs, the next one waits for it.
    this.waiting++;
    if (!background) this.lastRequest = this.clock.now();
    const settled = () => {
      if (!background) this.lastRequest = this.clock.now();
      this.waiting--;
      this.drain();
    };
    const attempt = async (retries: number): Promise<T> => {
      const session = await this.start();
      try {
        return await Promise.race([operation(session), session.died]);
      } catch (error) {
        if (!session.dead) throw error;
        if (this.session === session) this.session = undefined;
        void stopSession(session);
        // A process killed under a check (by the system, by a user) is no verdict: the check
        // runs once more on a new one. One that ends two processes is told as a failure.
        if (retries > 0) return attempt(retries - 1);
        throw session.dead;
      }
    };
    const result = this.queue.then(() => attempt(1));
    this.queue = result.catch(() => undefined);
    result.then(settled, settled);
    return result;
  }

  private async start(): Promise<Session> {
    if (this.session && !this.session.dead) return this.session;
    // One that died while idle.
    if (this.session) void stopSession(this.session);
    this.session = undefined;
    const session = await startSession(this.root, this.options.executable, (file) => this.virtual.get(resolve(file)));
    // A new process reads every file afresh.
    this.pending = { changed: new Set(), created: new Set(), deleted: new Set(), all: false };
    this.kept.clear();
    this.session = session;
    this.options.onProcess?.(session.child.pid);
    session.died.catch(() => this.options.onProcess?.(undefined));
    return session;
  }

  /** The project of `config` in a snapshot that has every change reported so far. */
  private async project(session: Session, config: string): Promise<Project> {
    const open = !session.opened.has(config);
    if (open && !this.virtual.has(config) && !existsSync(config)) throw new Error(`No tsconfig at ${config}`);
    if (open || !session.snapshot || this.hasPending()) await this.update(session, open ? { openProjects: [config] } : {});
    const project = session.snapshot!.getProject(config);
    if (!project) throw new Error(`TypeScript 7 opened no project for ${config}`);
    return project;
  }

  private hasPending(): boolean {
    const { changed, created, deleted, all } = this.pending;
    return all || changed.size + created.size + deleted.size > 0;
  }

  /** A new snapshot with the pending changes and `params`; the previous snapshot is released. */
  private async update(session: Session, params: UpdateParams): Promise<void> {
    const { changed, created, deleted, all } = this.pending;
    this.pending = { changed: new Set(), created: new Set(), deleted: new Set(), all: false };
    this.kept.apply({ changed, created, deleted, all }, (file) => this.readText(file));
    const named = changed.size + created.size + deleted.size ? { changed: [...changed], created: [...created], deleted: [...deleted] } : undefined;
    // `invalidateAll` makes TypeScript 7 read every source again but not an open project's
    // tsconfig: a changed (virtual) tsconfig would keep its old roots. Files named are sent first.
    const steps: (UpdateParams['fileChanges'] | undefined)[] = all ? [...(named ? [named] : []), { invalidateAll: true }] : [named];
    try {
      for (const [i, fileChanges] of steps.entries()) {
        await this.replace(session, await this.snapshotWith(session, { ...(i === 0 ? params : {}), ...(fileChanges ? { fileChanges } : {}) }));
      }
    } catch (error) {
      // Not applied: the changes wait for the next request (a new process reads every file anyway).
      for (const file of changed) this.pending.changed.add(file);
      for (const file of created) this.pending.created.add(file);
      for (const file of deleted) this.pending.deleted.add(file);
      this.pending.all ||= all;
      throw error;
    }
    for (const config of params.openProjects ?? []) session.opened.add(config as string);
    // A tsconfig that is open but gone (deleted, or never there) fails every later update: close it.
    const gone = [...session.opened].filter((config) => !session.snapshot!.getProject(config));
    if (gone.length) {
      for (const config of gone) session.opened.delete(config);
      await this.replace(session, await session.api.updateSnapshot({ closeProjects: gone }));
    }
  }

  private async snapshotWith(session: Session, request: UpdateParams): Promise<Snapshot> {
    try {
      return await session.api.updateSnapshot(request);
    } catch (error) {
      // An open tsconfig that vanished unannounced fails every update until it is closed.
      const lost = /project not found for update: (.+)$/.exec((error as Error).message)?.[1];
      if (!lost || session.dead) throw error;
      session.opened.delete(resolve(lost));
      return session.api.updateSnapshot({ ...request, closeProjects: [...(request.closeProjects ?? []), lost] });
    }
  }

  private async replace(session: Session, snapshot: Snapshot): Promise<void> {
    const previous = session.snapshot;
    session.snapshot = snapshot;
    session.names.clear();
    session.projectDiagnostics.clear();
    if (previous) await previous.dispose();
  }

  private sourceFileNames(session: Session, project: Project): Promise<Set<string>> {
    let names = session.names.get(project);
    if (!names) {
      names = project.program.getSourceFileNames().then((list) => new Set(list.map((name) => resolve(name))));
      session.names.set(project, names);
    }
    return names;
  }

  private requireFirst(names: ReadonlySet<string>, project: Project, files: readonly string[]): string[] {
    if (files.length && !names.has(files[0])) throw new Error(`Not part of the project of ${resolve(project.configFileName)}: ${files[0]}`);
    return files.filter((file) => names.has(file));
  }

  private readText(file: string): string {
    const text = this.virtual.get(file);
    if (text !== undefined) return text;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  }
}
