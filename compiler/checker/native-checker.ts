import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// Types only: TypeScript 7's API is loaded on the first check (see `load`), so `kit run` starts without it.
import type * as Native from 'typescript-native/unstable/async';
import { flatten, lineLocator } from './diagnostic-text.js';

/** One diagnostic of TypeScript 7, located in a file (1-based line and column, in UTF-16 code units as editors count). */
export interface CheckDiagnostic {
  /** `TS2322` */
  code: string;
  /** The message, with its chain of elaborations indented below it, as `tsc` prints it. */
  message: string;
  /** `error` in practice: TypeScript reports suggestions through another call, which this class does not make. */
  category: 'error' | 'warning' | 'suggestion' | 'message';
  file: string;
  line: number;
  column: number;
}

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
}

type Api = Native.API;
type Snapshot = Native.Snapshot;
type Project = Native.Project;
type Diagnostic = Native.Diagnostic;
/** The API's private client (7.0.2): kit needs its process. */
interface Client {
  connect(): Promise<void>;
  close(): Promise<void>;
  apiRequest<T>(method: string, params?: unknown): Promise<T>;
  process?: ChildProcess;
}
type UpdateParams = NonNullable<Parameters<Api['updateSnapshot']>[0]>;

/** The name TypeScript 7 is installed under, beside TypeScript 5.9 (package.json: `npm:typescript@7.0.2`). */
const PACKAGE = 'typescript-native';
const CATEGORIES = ['warning', 'error', 'suggestion', 'message'] as const;

let loading: Promise<typeof Native> | undefined;
function load(): Promise<typeof Native> {
  return (loading ??= import('typescript-native/unstable/async'));
}

/** One native process and the snapshot kit last made of it. */
interface Session {
  api: Api;
  client: Client;
  child: ChildProcess;
  /** Rejects when the process exits on its own; raced with every request. */
  died: Promise<never>;
  dead?: Error;
  snapshot?: Snapshot;
  /** The tsconfig files this session holds open (ref-counted by TypeScript until closed). */
  opened: Set<string>;
  /** Files of each project in the current snapshot, asked once per snapshot. */
  names: Map<Project, Promise<Set<string>>>;
  /** Diagnostics of each project's options and tsconfig, asked once per snapshot. */
  projectDiagnostics: Map<Project, Promise<readonly Diagnostic[]>>;
}

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
   * (what kit found the entry reaches) are checked where the project has them.
   */
  check(tsconfig: string, files: readonly string[], { background = false } = {}): Promise<Map<string, CheckDiagnostic[]>> {
    const config = resolve(tsconfig);
    const wanted = [...new Set(files.map((file) => resolve(file)))];
    return (background ? this.runLater.bind(this) : this.run.bind(this))(async (session) => {
      const project = await this.project(session, config);
      const { program } = project;
      const present = await this.requireFirst(session, project, wanted);
      const found = await Promise.all(
        present.map(async (file) => {
          const [syntactic, semantic] = await Promise.all([program.getSyntacticDiagnostics(file), program.getSemanticDiagnostics(file)]);
          return [file, [...syntactic, ...semantic]] as const;
        }),
      );
      const result = new Map<string, CheckDiagnostic[]>();
      for (const [file, diagnostics] of found) result.set(file, await this.located(project, diagnostics, file));
      let own = session.projectDiagnostics.get(project);
      if (!own) {
        // Not getGlobalDiagnostics: it checks every file of the program, default libraries included (~0.5 s each snapshot).
        own = Promise.all([program.getConfigFileParsingDiagnostics(), program.getProgramDiagnostics()]).then((lists) => lists.flat());
        session.projectDiagnostics.set(project, own);
      }
      const problems = await own;
      if (problems.length) result.set(config, [...(result.get(config) ?? []), ...(await this.located(project, problems, config))]);
      return result;
    });
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
    const pid = this.pid;
    if (pid === undefined) return undefined;
    try {
      const kb = /VmRSS:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return kb ? Number(kb[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** Ends the native process once the requests queued before have settled. Later calls start a new one. */
  close(): Promise<void> {
    // Background work not started yet is dropped: it must not start a process after this one.
    this.backlog.length = 0;
    const done = this.queue.then(async () => {
      const session = this.session;
      this.session = undefined;
      if (session) await stop(session);
    });
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Requests queued or running that someone waits for; background work waits for none to be left. */
  private waiting = 0;
  private backlog: (() => void)[] = [];

  /**
   * Runs `operation` once no other request is queued: background work (checking the whole
   * workspace ahead of its requests) never holds up a request someone waits for, so each
   * background operation should be small (a module, not the workspace).
   */
  private runLater<T>(operation: (session: Session) => Promise<T>): Promise<T> {
    return new Promise<T>((done, fail) => {
      this.backlog.push(() => void this.run(operation).then(done, fail));
      this.drain();
    });
  }

  private drain(): void {
    if (this.waiting === 0) this.backlog.shift()?.();
  }

  private run<T>(operation: (session: Session) => Promise<T>): Promise<T> {
    // A background item runs through here too: counted while it runs, the next one waits for it.
    this.waiting++;
    const settled = () => {
      this.waiting--;
      this.drain();
    };
    const result = this.queue.then(async () => {
      const session = await this.start();
      try {
        return await Promise.race([operation(session), session.died]);
      } catch (error) {
        if (session.dead) {
          if (this.session === session) this.session = undefined;
          void stop(session);
          throw session.dead;
        }
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    result.then(settled, settled);
    return result;
  }

  private async start(): Promise<Session> {
    if (this.session && !this.session.dead) return this.session;
    // One that died while idle.
    if (this.session) void stop(this.session);
    this.session = undefined;
    const { API } = await load().catch((error: Error) => {
      loading = undefined;
      throw new Error(`TypeScript 7 (${PACKAGE}) could not be loaded: ${error.message}`);
    });
    const api = new API({
      cwd: this.root,
      // By default the one installed, or (KIT_TSC_SERVICE) bin/kit.js's wrapper of it: see bin/in-own-session.sh.
      ...((this.options.executable ?? process.env.KIT_TSC_SERVICE) ? { tsserverPath: this.options.executable ?? process.env.KIT_TSC_SERVICE } : {}),
      // `undefined` lets TypeScript read the file itself; a string is the file's text.
      fs: { readFile: (file: string) => this.virtual.get(resolve(file)) },
    });
    // The client starts the process on its first request. Its handle is private, but kit needs
    // it: for memory, and for the process's exit, which the client does not notice (requests in
    // flight never settle).
    const client = (api as unknown as { client?: Client }).client;
    try {
      await client?.connect();
    } catch (error) {
      throw new Error(`TypeScript 7's native process could not start: ${(error as Error).message}`);
    }
    const child = client?.process;
    if (!client || !child?.stdin) throw new Error(`TypeScript 7's API client is not the one kit knows (${PACKAGE} 7.0.2): it has no process`);
    let fail!: (error: Error) => void;
    const died = new Promise<never>((_, reject) => (fail = reject));
    died.catch(() => undefined);
    const session: Session = { api, client, child, died, opened: new Set(), names: new Map(), projectDiagnostics: new Map() };
    const die = (error: Error) => {
      if (session.dead) return;
      session.dead = error;
      fail(error);
    };
    child.once('exit', (code, signal) => die(new Error(`TypeScript 7's native process (pid ${child.pid}) exited ${signal ? `on ${signal}` : `with code ${code}`}; the next check starts a new one`)));
    // The client's JSON-RPC library turns a message written to a closed pipe into an unhandled
    // rejection, which would end kit. So nothing new is sent to a process that is gone, and a
    // message already on its way when it went is dropped quietly: its request is failed by `died`.
    const stdin = child.stdin;
    stdin.on('error', () => undefined);
    const write = stdin.write.bind(stdin) as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
    stdin.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      if (!stdin.destroyed && !stdin.writableEnded) return write(chunk, encoding, callback);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => done());
      return false;
    }) as typeof stdin.write;
    const send = client.apiRequest.bind(client);
    client.apiRequest = (method, params) => {
      if (stdin.destroyed || stdin.writableEnded) die(new Error(`TypeScript 7's native process (pid ${child.pid}) closed its input; the next check starts a new one`));
      return session.dead ? Promise.reject(session.dead) : send(method, params);
    };
    // A new process reads every file afresh.
    this.pending = { changed: new Set(), created: new Set(), deleted: new Set(), all: false };
    this.session = session;
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

  private async requireFirst(session: Session, project: Project, files: readonly string[]): Promise<string[]> {
    const names = await this.sourceFileNames(session, project);
    if (files.length && !names.has(files[0])) throw new Error(`Not part of the project of ${resolve(project.configFileName)}: ${files[0]}`);
    return files.filter((file) => names.has(file));
  }

  /** Diagnostics with line and column, from the text TypeScript checked (or, for a tsconfig, the file's). */
  private async located(project: Project, diagnostics: readonly Diagnostic[], fallback: string): Promise<CheckDiagnostic[]> {
    const lines = new Map<string, Promise<(position: number) => { line: number; character: number }>>();
    const locate = (file: string) => {
      let find = lines.get(file);
      if (!find) {
        find = project.program.getSourceFile(file).then(
          (source) => (source ? (position: number) => source.getLineAndCharacterOfPosition(position) : lineLocator(this.readText(file))),
          () => lineLocator(this.readText(file)),
        );
        lines.set(file, find);
      }
      return find;
    };
    return Promise.all(
      diagnostics.map(async (diagnostic) => {
        const file = diagnostic.fileName ? resolve(diagnostic.fileName) : fallback;
        // An option set in an extended tsconfig comes with no file and no position: it is put on the tsconfig checked.
        const { line, character } = diagnostic.fileName && diagnostic.pos >= 0 ? (await locate(file))(diagnostic.pos) : { line: 0, character: 0 };
        return { code: `TS${diagnostic.code}`, message: flatten(diagnostic), category: CATEGORIES[diagnostic.category] ?? 'error', file, line: line + 1, column: character + 1 };
      }),
    );
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

async function stop(session: Session): Promise<void> {
  const { child } = session;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));
  try {
    // Releases the snapshots, then ends the process's input: it exits by itself. A process
    // already gone is sent nothing.
    if (!session.dead) await Promise.race([session.api.close(), exited]);
    else await session.client.close();
  } catch {
    // Gone meanwhile.
  }
  session.dead ??= new Error("TypeScript 7's native process was closed");
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}
