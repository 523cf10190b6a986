import { Worker } from 'node:worker_threads';
import { checkerWorkerScript } from './worker-script.js';
import { processRss } from './checker-process.js';
import type { CheckDiagnostic, FileChanges } from './native-checker.js';

/**
 * The checker thread's young generation, in MiB. Its garbage is small messages, short-lived,
 * but V8 grows a thread's young generation as it would a busy one's; capped, kit's process
 * peaks lower (a smaller cap saved less: see bench/README.md for the memory figures).
 */
const YOUNG_GENERATION_MB = 2;

/** What this thread asks of the checker's (checker-worker.ts). */
export type ToWorker =
  | { op: 'check'; id: number; tsconfig: string; files?: readonly string[]; within?: string; background: boolean }
  | { op: 'picked'; id: number; files: readonly string[] }
  | { op: 'open'; id: number; tsconfig: string }
  | { op: 'close'; id: number }
  | { op: 'changed'; changes: FileChanges }
  | { op: 'virtual'; path: string; text: string | undefined };

/** What the checker's thread answers. */
export type FromWorker =
  | { op: 'done'; id: number; found?: [string, CheckDiagnostic[]][] }
  | { op: 'failed'; id: number; message: string }
  | { op: 'pick'; id: number; programFiles: string[] }
  | { op: 'pid'; pid: number | undefined };

/** A check's files, or how to pick them, when it starts, from its program's files under `within`. */
export type ThreadCheckFiles = readonly string[] | { within: string; pick: (programFiles: readonly string[]) => readonly string[] };

/**
 * The checkers whose native process runs. TypeScript 7 ends when its input closes, but not
 * while it waits for kit's answer to a file it asked for: a kit process that exits then
 * would leave it waiting for good. So they are ended when kit's process exits (a kill is all
 * an exit handler can do).
 */
const running = new Set<CheckerThread>();
let endingAtExit = false;

function endAtExit(checker: CheckerThread): void {
  running.add(checker);
  if (endingAtExit) return;
  endingAtExit = true;
  process.once('exit', () => {
    for (const { pid } of running) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  });
}

interface Waiting {
  worker: Worker;
  done: (found: Map<string, CheckDiagnostic[]>) => void;
  fail: (error: Error) => void;
  pick?: (programFiles: readonly string[]) => readonly string[];
}

/**
 * A NativeChecker (TypeScript 7's process and kit's conversation with it) in a thread of its
 * own. A check is a chain of requests to that process (a new snapshot, the program's files,
 * the diagnostics, the options' problems) and TypeScript reads files through kit: on kit's
 * main thread every step waited for the bundle being made there (the bundler's work comes in long
 * synchronous stretches). Here the chain goes on while the main thread bundles, so a module's
 * verdict and its bundle are made side by side. Same methods as NativeChecker.
 */
export class CheckerThread {
  private worker?: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private readonly virtual = new Map<string, string>();
  private lastId = 0;
  private processId?: number;
  /** When the service last answered a request, for the checker's thread to read (see `defer`). */
  private readonly activity = new Float64Array(new SharedArrayBuffer(8)).fill(-Infinity);

  /** `root` is the workspace's root: the native process's working directory. Nothing is started yet. */
  constructor(readonly root: string) {}

  /** The process id of TypeScript 7's native process, while one runs. */
  get pid(): number | undefined {
    return this.processId;
  }

  /** The native process's resident memory in bytes (Linux), undefined while none runs. */
  rss(): number | undefined {
    return processRss(this.processId);
  }

  /** See NativeChecker.open. */
  open(tsconfig: string): Promise<void> {
    return this.ask((id) => ({ op: 'open', id, tsconfig })).then(() => undefined);
  }

  /** See NativeChecker.check; files to pick are picked here, from the program's files under `within`. */
  check(tsconfig: string, files: ThreadCheckFiles, { background = false } = {}): Promise<Map<string, CheckDiagnostic[]>> {
    if (Array.isArray(files)) return this.ask((id) => ({ op: 'check', id, tsconfig, files: files as readonly string[], background }));
    const { within, pick } = files as Exclude<ThreadCheckFiles, readonly string[]>;
    return this.ask((id) => ({ op: 'check', id, tsconfig, within, background }), pick);
  }

  /** See NativeChecker.changed. Before the first check there is nothing to tell: a new process reads every file. */
  changed(changes: FileChanges): void {
    this.worker?.postMessage({ op: 'changed', changes } satisfies ToWorker);
  }

  /**
   * The service is answering a request: background work waits (NativeChecker's `lastActivity`).
   * Written to memory both threads share, not sent: a busy service answers thousands a second.
   */
  defer(): void {
    this.activity[0] = performance.timeOrigin + performance.now();
  }

  /** See NativeChecker.setVirtualFile. Kept here too, for a thread started again. */
  setVirtualFile(path: string, text: string | undefined): void {
    if (this.virtual.get(path) === text) return;
    if (text === undefined) this.virtual.delete(path);
    else this.virtual.set(path, text);
    this.worker?.postMessage({ op: 'virtual', path, text } satisfies ToWorker);
  }

  /** Ends the native process once the checks asked before have settled, then the thread. Later calls start both again. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const closed = this.ask((id) => ({ op: 'close', id }));
    // A check asked from now on goes to a new thread. The process is known until it has ended:
    // kit's process may exit meanwhile.
    this.worker = undefined;
    await closed.finally(() => worker.terminate());
    if (this.worker) return;
    this.processId = undefined;
    running.delete(this);
  }

  private ask(message: (id: number) => ToWorker, pick?: Waiting['pick']): Promise<Map<string, CheckDiagnostic[]>> {
    const id = ++this.lastId;
    const worker = this.thread();
    return new Promise((done, fail) => {
      this.waiting.set(id, { worker, done, fail, pick });
      worker.postMessage(message(id));
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(checkerWorkerScript(), { workerData: { root: this.root, activity: this.activity.buffer }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    // The thread never keeps kit running: a command ends when its own work does.
    worker.unref();
    worker.on('message', (message: FromWorker) => this.heard(worker, message));
    // Whatever it was asked and has not answered is failed (background work dropped by a close, say).
    const lost = (error: Error) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.processId = undefined;
      }
      for (const [id, waiting] of this.waiting) {
        if (waiting.worker !== worker) continue;
        this.waiting.delete(id);
        waiting.fail(error);
      }
    };
    worker.on('error', (error) => lost(new Error(`TypeScript 7's checker thread failed: ${error.message}`)));
    worker.on('exit', (code) => lost(new Error(`TypeScript 7's checker thread ended (code ${code})`)));
    for (const [path, text] of this.virtual) worker.postMessage({ op: 'virtual', path, text } satisfies ToWorker);
    return (this.worker = worker);
  }

  private heard(worker: Worker, message: FromWorker): void {
    if (message.op === 'pid') {
      if (worker !== this.worker) return;
      this.processId = message.pid;
      if (message.pid) endAtExit(this);
      else running.delete(this);
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    if (message.op === 'pick') {
      let files: readonly string[] = [];
      try {
        files = waiting.pick?.(message.programFiles) ?? [];
      } catch {
        // Nothing picked: the check has nothing to do.
      }
      waiting.worker.postMessage({ op: 'picked', id: message.id, files } satisfies ToWorker);
      return;
    }
    this.waiting.delete(message.id);
    if (message.op === 'failed') waiting.fail(new Error(message.message));
    else waiting.done(new Map(message.found ?? []));
  }
}
