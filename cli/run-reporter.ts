import pc from 'picocolors';
import { codeFrame, formatDiagnostic, type Diagnostic } from '../compiler/index.js';
import type { BuildOutcome } from '../serve/builds.js';
import type { PageError } from '../serve/page-error.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 0, info: 0, warn: 1, error: 2, silent: 3 };

/** Colour only for a person at a terminal, never under NO_COLOR (FORCE_COLOR forces it). */
export function wantsColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/**
 * What `kit run` says on its terminal: one line per rebuild that changed something, one per
 * reload notice, and each diagnostic once, with its code frame, until it changes or is fixed.
 */
export class RunReporter {
  private readonly colors: ReturnType<typeof pc.createColors>;
  /** Each diagnostic on the terminal now, with the modules it was reported for. */
  private shown = new Map<string, Set<string>>();

  constructor(
    private readonly root: string,
    private readonly level: LogLevel,
    /** Whether open previews reload themselves on a code change (`--no-reload`: they ask). */
    private readonly reload = true,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.colors = pc.createColors(wantsColor(stream));
  }

  info(line: string): void {
    if (this.showsInfo) this.stream.write(`${line}\n`);
  }

  /** Whether `info` lines reach the terminal at this log level. */
  get showsInfo(): boolean {
    return RANK[this.level] <= RANK.info;
  }

  get c(): ReturnType<typeof pc.createColors> {
    return this.colors;
  }

  /** Warnings printed so far: each is printed once for the life of the service. */
  private warned = new Set<string>();
  /** Errors the previews threw, printed once each until the code changes. */
  private thrown = new Set<string>();

  /** A page's index.html or a .env file changed: the open previews are made again. */
  readonly pageChanged = (files: string[]): void => {
    const c = this.colors;
    this.info(`${c.cyan('↻')} ${files.join(', ')} ${c.dim(`changed: open previews ${this.reload ? 'reload' : 'ask to reload'}`)}`);
  };

  /** An error an open preview's code threw: printed once, however many pages or reloads meet it, until the code changes. */
  readonly pageError = (error: PageError): void => {
    const where = error.address ? `${error.address}${error.line ? `:${error.line}:${error.column ?? 1}` : ''}` : 'the page';
    const key = `${where} ${error.message}`;
    if (this.thrown.has(key) || RANK[this.level] > RANK.error) return;
    this.thrown.add(key);
    const c = this.colors;
    this.stream.write(`${c.red('✗')} ${c.red('RUNTIME_ERROR')} ${error.message} ${c.dim(`(in ${where})`)}\n`);
  };

  readonly outcome = (outcome: BuildOutcome): void => {
    const { module, changed } = outcome;
    const c = this.colors;
    // New code may throw the same error again: it is news then.
    if (changed?.code) this.thrown.clear();
    for (const w of outcome.warnings ?? []) this.warn(w);
    const holder = module?.vspecifier ?? 'kit.json';
    if (outcome.status === 'invalid') return this.diagnostics(holder, outcome.diagnostics);
    // The workspace's own manifests fixed (kit.json, a package directory): closed as a module's fix is.
    const fixedFiles = module ? [] : [...new Set(this.shownFiles(holder))];
    if (fixedFiles.length) this.info(`${c.green('✓')} ${fixedFiles.join(', ')} ${c.green('fixed')}`);
    this.forget(holder);
    // A module's first verdict is no news when it is good.
    if (!module || !changed) return;
    const time = c.dim(`${Math.round(outcome.ms)} ms`);
    if (changed.fixed) return this.info(`${c.green('✓')} ${module.specifier} ${c.green('fixed')} ${time}`);
    const what = [changed.code && 'code', changed.styles && 'styles'].filter(Boolean).join(' and ');
    if (!what) return;
    this.info(`${c.green('✓')} ${module.specifier} ${what} ${time}`);
    const reload = this.reload ? 'reload' : 'ask to reload';
    if (changed.code) this.info(`${c.cyan('↻')} ${module.specifier} ${c.dim(`code changed: open previews ${outcome.hot ? `update in place where a file accepts it, else ${reload}` : reload}`)}`);
  };

  /** Prints the diagnostics of a module the terminal has not shown yet. */
  private diagnostics(vspecifier: string, diagnostics: Diagnostic[]): void {
    const keys = new Set(diagnostics.map(formatDiagnostic));
    this.forget(vspecifier, keys);
    for (const d of diagnostics) {
      const key = formatDiagnostic(d);
      const holders = this.shown.get(key) ?? new Set();
      if (!holders.size && RANK[this.level] <= RANK.error) this.print(d);
      holders.add(vspecifier);
      this.shown.set(key, holders);
    }
  }

  private warn(d: Diagnostic): void {
    const key = formatDiagnostic(d);
    if (this.warned.has(key) || RANK[this.level] > RANK.warn) return;
    this.warned.add(key);
    const c = this.colors;
    const where = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1} ` : '';
    this.stream.write(`${c.yellow('warning:')} ${c.cyan(where)}${c.yellow(d.code)} ${d.message}\n`);
  }

  private print(d: Diagnostic): void {
    const c = this.colors;
    const where = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1} ` : '';
    this.stream.write(`${c.red('✗')} ${c.cyan(where)}${c.red(d.code)} ${d.message}\n`);
    const frame = codeFrame(this.root, d, { color: c.isColorSupported });
    if (frame) this.stream.write(`${frame.replace(/^/gm, '  ')}\n`);
  }

  /** The files of the diagnostics shown for `holder`. */
  private shownFiles(holder: string): string[] {
    return [...this.shown].filter(([, holders]) => holders.has(holder)).map(([key]) => /^(\S+?):\d+:\d+ /.exec(key)?.[1] ?? 'the workspace');
  }

  /** The module no longer reports the diagnostics outside `keep`: they may be printed again. */
  private forget(vspecifier: string, keep = new Set<string>()): void {
    for (const [key, holders] of this.shown) {
      if (keep.has(key)) continue;
      holders.delete(vspecifier);
      if (!holders.size) this.shown.delete(key);
    }
  }
}
