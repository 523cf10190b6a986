import { basename, dirname, join, relative, resolve } from 'node:path';
import { CheckerThread } from './checker-thread.js';
import { fileStamp } from '../freshness/stamp.js';
import type { Diagnostic } from '../diagnostics.js';
import type { CheckDiagnostic } from './located.js';
import { ensureEditorConfig, modulePaths } from '../workspace/editor-config.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { toPosix } from '../paths.js';
import { mapTsconfig } from '../workspace/tsconfig-map.js';
import { readTsconfigChain, tsconfigChain, tsconfigOf } from '../workspace/tsconfig-read.js';
import { KIT_TYPES, projectDeclarationRoots, workspaceRoots } from './roots.js';
import { ownPaths } from '../workspace/tsconfig-paths.js';
import { isInstallInput } from '../workspace/tsconfig-chain.js';
import { ownFiles } from './own-files.js';
import { isSiblingOutsideRootDir } from './sibling-sources.js';
import { capabilitiesOf } from '../workspace/bundler-specifiers.js';

/**
 * The configuration kit checks with, beside the tsconfig it extends (`tsconfig.kit-check.json`,
 * `tsconfig.app.kit-check.json`: a solution's projects often share a directory); never written to disk.
 */
const checkConfigName = (tsconfig: string | undefined) => `${tsconfig ? basename(tsconfig).replace(/\.json$/, '') : 'tsconfig'}.kit-check.json`;

/** The checkers of each workspace, by the major version of the TypeScript whose verdict each gives. */
const checkers = new Map<string, Map<number, CheckerThread>>();
/** The stat of each file a check depended on, when the checker last saw it (see `reportChanges`). */
const seen = new Map<CheckerThread, Map<string, string>>();

/**
 * The TypeScript 7 checker of a workspace that gives the verdict of TypeScript `major`, for the
 * life of the process: one for kit's own 7 and a workspace on one TypeScript; one more for each
 * other TypeScript its packages are judged by (see `PackageInfo.typescript`). Each reads the
 * tsconfigs as its TypeScript does (tsconfig-map.ts), so a tsconfig two packages share is two
 * configurations, each in its own process.
 */
export function checkerOf(root: string, major = 7): CheckerThread {
  let byMajor = checkers.get(root);
  if (!byMajor) checkers.set(root, (byMajor = new Map()));
  let checker = byMajor.get(major);
  if (!checker) {
    checker = new CheckerThread(root);
    byMajor.set(major, checker);
  }
  return checker;
}

/** The checker that judges `module`: its package's TypeScript's. */
const checkerFor = (workspace: Workspace, module: ModuleInfo) => checkerOf(workspace.root, module.package.typescript.major);

/**
 * What the file watcher saw, for a workspace whose checker runs: TypeScript 7 reads a file
 * again only when told. Nothing is started for it.
 */
export function reportFileChange(root: string, event: string, path: string): void {
  const running = checkers.get(root);
  if (!running?.size) return;
  ahead.clear();
  for (const checker of running.values()) {
    // A type package added, removed or edited may change what any file resolves to.
    if (isInstallInput(path)) checker.changed({ all: true });
    else if (event === 'add') checker.changed({ created: [path] });
    else if (event === 'unlink') checker.changed({ deleted: [path] });
    else if (event === 'change') checker.changed({ changed: [path] });
    else checker.changed({ all: true });
  }
}

/** The service is answering requests: the workspace's background checks wait until it pauses. */
export function deferBackgroundChecks(root: string): void {
  for (const checker of checkers.get(root)?.values() ?? []) checker.defer();
}

/**
 * Tells the checker of files changed since it last depended on them, for when no watcher
 * reports (`kit build`, an origin service) or its report has not arrived yet. An install
 * (a changed record under node_modules) may have changed any declaration: everything is
 * read again.
 */
function reportChanges(checker: CheckerThread, now: ReadonlyMap<string, string>): void {
  let stamps = seen.get(checker);
  if (!stamps) seen.set(checker, (stamps = new Map()));
  for (const [file, stamp] of now) {
    const before = stamps.get(file);
    stamps.set(file, stamp);
    if (before === undefined || before === stamp) continue;
    if (file.includes('node_modules')) checker.changed({ all: true });
    else if (before === '-') checker.changed({ created: [file] });
    else if (stamp === '-') checker.changed({ deleted: [file] });
    else checker.changed({ changed: [file] });
  }
}

/** Ends every checker's native process (the service on shutdown, a command when done). */
export async function closeCheckers(): Promise<void> {
  ahead.clear();
  await Promise.all([...checkers.values()].flatMap((byMajor) => [...byMajor.values()]).map((checker) => checker.close()));
}

/**
 * The configurations already given to the checker for a discovery of the workspace, with the
 * stamps of the tsconfig chain each was made from: the `paths` and declaration files copied
 * from a project (`tsconfig.app.json`) are made again when it changes, rediscovery or not.
 * By checker: each TypeScript's configuration of a tsconfig has the same name in its own process.
 */
const derived = new WeakMap<Workspace, Map<CheckerThread, Map<string, string>>>();

/**
 * The configuration a module is checked with: the tsconfig the editor picks for it (`tsconfigOf`:
 * a solution's referenced project, say; options, `lib`, `types`, `jsx`, type roots from its
 * directory), plus what kit adds: each public module's specifier resolves to its source beside
 * the workspace's own `paths`, stylesheet and asset imports are typed. The roots are every `ts`
 * module under that tsconfig and the declaration files its `include` names, as an editor over
 * the workspace sees them. Virtual, beside the tsconfig it extends, so relative settings mean
 * what they mean to `tsc`.
 */
function checkConfig(workspace: Workspace, checker: CheckerThread, tsconfig: string | undefined, major: number): string {
  const dir = tsconfig ? dirname(tsconfig) : workspace.root;
  const file = join(dir, checkConfigName(tsconfig));
  let byChecker = derived.get(workspace);
  if (!byChecker) derived.set(workspace, (byChecker = new Map()));
  let given = byChecker.get(checker);
  if (!given) byChecker.set(checker, (given = new Map()));
  const stamps = tsconfig ? tsconfigChain(tsconfig).map((member) => fileStamp(member).stamp).join(' ') : '';
  if (given.get(file) === stamps) return file;
  // The declaration files the project names are ambient to its files, as in `tsc -p` and the editor.
  const roots = [...new Set([...workspaceRoots(workspace).filter((root) => root === KIT_TYPES || tsconfigOf(workspace, root) === tsconfig), ...projectDeclarationRoots(workspace, tsconfig, stamps)])];
  // A tsconfig judged by TypeScript 5.x as TypeScript 7 can read it (see tsconfig-map.ts); by 6 or 7 as it is.
  const mapping = tsconfig ? mapTsconfig(tsconfig, major, workspace.root) : undefined;
  const config = {
    ...(tsconfig ? { extends: `./${basename(tsconfig)}` } : {}),
    compilerOptions: {
      ...(tsconfig ? {} : { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], skipLibCheck: true }),
      ...mapping?.overrides,
      // kit lists a project's roots, not all its files: `composite` would blame that list (TS6307).
      // Its `declaration` stays, and with it the checks declarations need.
      ...(isComposite(tsconfig) ? { composite: false, declaration: true } : {}),
      // Every file is an ES module, as rolldown sees it: one module's top-level names never clash with another's.
      moduleDetection: 'force',
      noEmit: true,
      // TypeScript takes one `paths`: the workspace's own aliases with kit's module specifiers, kit's
      // winning a key both name, since the import map resolves a public specifier at run time.
      paths: { ...ownPaths(tsconfig, dir, mapping?.paths), ...modulePaths(workspace, dir) },
    },
    files: roots.map((root) => toPosix(relative(dir, root))),
    include: [],
  };
  checker.setVirtualFile(file, JSON.stringify(config));
  given.set(file, stamps);
  return file;
}

/** Whether the tsconfig's chain sets `composite` (a project of a solution, often). */
function isComposite(tsconfig: string | undefined): boolean {
  return !!tsconfig && readTsconfigChain(tsconfig).find((file) => 'composite' in file.options)?.options.composite === true;
}

/**
 * TypeScript 7's verdict on the files of one module: the diagnostics of `files` (the
 * module's own files its build read) and the problems of its configuration, with paths
 * relative to the workspace. `read` is every file the verdict depends on; `stamps`, those
 * of them stamped a moment ago (see reach.ts). A verdict asked for ahead with the same
 * arguments (`checkModulesAhead`) is this one while every file read has the stamp it had then.
 */
export function checkModule(workspace: Workspace, module: ModuleInfo, files: readonly string[], read: readonly string[], stamps?: ReadonlyMap<string, string>): Promise<Diagnostic[]> {
  const now = stampsOf(read, stamps);
  const key = aheadKey(workspace, module, files, read);
  const early = ahead.get(key);
  ahead.delete(key);
  // Asked for ahead on the same files as they are now: that verdict is this one.
  if (early && [...now].every(([file, stamp]) => early.stamps.get(file) === stamp)) return early.verdict;
  return verdictOf(workspace, module, files, read, now);
}

/** Verdicts asked for ahead of their builds (see `checkModulesAhead`), by module and files; each is taken once. */
const ahead = new Map<string, { verdict: Promise<Diagnostic[]>; stamps: ReadonlyMap<string, string> }>();

/** One module's verdict to ask for ahead of its build: its own files, and the files the verdict rests on. */
export interface AheadAsk {
  module: ModuleInfo;
  files: readonly string[];
  read: readonly string[];
  stamps?: ReadonlyMap<string, string>;
}

/**
 * Modules under one tsconfig asked for in one request to TypeScript 7 ahead of their builds,
 * which checks their files at once: `kit build` and `kit check` took 0.97–0.98 of their time
 * against one module a request, at both bench sizes. The first module is asked for alone, so
 * that the first build waits for its own verdict only.
 */
const AHEAD_PER_REQUEST = 16;

/**
 * Asks for the verdicts `checkModule` will be asked for with the same arguments, ahead of it:
 * `kit build` and `kit check` ask for every module's at once, in build order, so TypeScript 7
 * checks in its process while rolldown bundles here, rather than each check waiting for its
 * build to start (a few at a time). A build then takes its verdict, unless a file it rests on
 * changed since.
 */
export function checkModulesAhead(workspace: Workspace, asks: readonly AheadAsk[]): void {
  for (let start = 0, size = 1; start < asks.length; size = AHEAD_PER_REQUEST) {
    const tsconfig = tsconfigOf(workspace, asks[start].module.entry);
    const major = asks[start].module.package.typescript.major;
    const together = (ask: AheadAsk) => tsconfigOf(workspace, ask.module.entry) === tsconfig && ask.module.package.typescript.major === major;
    let end = start + 1;
    while (end < asks.length && end - start < size && together(asks[end])) end++;
    const group = asks.slice(start, end);
    start = end;
    const stamps = group.map((ask) => stampsOf(ask.read, ask.stamps));
    const checked = (async () => {
      const checker = checkerOf(workspace.root, major);
      for (const now of stamps) reportChanges(checker, now);
      const config = checkConfig(workspace, checker, tsconfig, major);
      return { config, found: await checker.check(config, [...new Set(group.flatMap((ask) => ask.files))]) };
    })();
    group.forEach((ask, i) => {
      const own = new Set(ask.files.map((file) => resolve(file)));
      const verdict = checked.then(({ config, found }) => verdictFrom(workspace, tsconfig, config, new Map([...found].filter(([file]) => file === config || own.has(file)))));
      // A failure is met by the build that takes this verdict; never left unhandled meanwhile.
      verdict.catch(() => undefined);
      ahead.set(aheadKey(workspace, ask.module, ask.files, ask.read), { verdict, stamps: stamps[i] });
    });
  }
}

/**
 * Opens the projects `modules` are checked in, before their verdicts are asked for: TypeScript 7
 * builds each program in its process meanwhile (while the commands find what each verdict rests
 * on; while the service waits for its first requests). Gives each module's checker and check configuration.
 */
export function openProjectsAhead(workspace: Workspace, modules: readonly ModuleInfo[]): Map<ModuleInfo, { checker: CheckerThread; config: string }> {
  const configs = new Map(modules.map((module) => {
    const checker = checkerFor(workspace, module);
    return [module, { checker, config: checkConfig(workspace, checker, tsconfigOf(workspace, module.entry), module.package.typescript.major) }];
  }));
  // A failure is met by the checks that follow, in the same project.
  const opened = new Map<CheckerThread, Set<string>>();
  for (const { checker, config } of configs.values()) {
    let open = opened.get(checker);
    if (!open) opened.set(checker, (open = new Set()));
    if (open.has(config)) continue;
    open.add(config);
    void checker.open(config).catch(() => undefined);
  }
  return configs;
}

const aheadKey = (workspace: Workspace, module: ModuleInfo, files: readonly string[], read: readonly string[]) => [workspace.root, module.vspecifier, ...files, '', ...read].join('\n');

/** The stat stamp of each file read, from `stamps` where it was taken a moment ago. */
const stampsOf = (read: readonly string[], stamps?: ReadonlyMap<string, string>) => new Map(read.map((file) => [file, stamps?.get(file) ?? fileStamp(file).stamp]));

async function verdictOf(workspace: Workspace, module: ModuleInfo, files: readonly string[], read: readonly string[], now: ReadonlyMap<string, string>): Promise<Diagnostic[]> {
  const checker = checkerFor(workspace, module);
  reportChanges(checker, now);
  const tsconfig = tsconfigOf(workspace, module.entry);
  const config = checkConfig(workspace, checker, tsconfig, module.package.typescript.major);
  return verdictFrom(workspace, tsconfig, config, await checker.check(config, files));
}

/** The verdict in what TypeScript 7 found: the configuration's problems, else the files'. */
function verdictFrom(workspace: Workspace, tsconfig: string | undefined, config: string, found: Map<string, CheckDiagnostic[]>): Diagnostic[] {
  const ofConfig: Diagnostic[] = [];
  const ofFiles: Diagnostic[] = [];
  for (const [file, list] of found) {
    for (const d of list) {
      // A sibling's sources, which `tsc` reaches through node_modules: never held to this project's `rootDir`.
      if (d.category !== 'error' || isSiblingOutsideRootDir(workspace, d)) continue;
      // Problems of the configuration itself belong to the user's tsconfig that sets the option.
      const located = file === config ? locateOption(tsconfig ?? join(workspace.root, 'tsconfig.json'), d.message) : { file: d.file, line: d.line, column: d.column };
      (file === config ? ofConfig : ofFiles).push({ code: d.code, message: d.message, ...located, file: toPosix(relative(workspace.root, located.file)) });
    }
  }
  // As `tsc` does: while the configuration has problems, they are the verdict (no file is judged under it).
  return ofConfig.length ? ofConfig : ofFiles;
}

/**
 * Where a problem of the configuration stands: at the option it names (`Option 'baseUrl'`,
 * `Option 'target=ES5'`), in the tsconfig of the chain that sets it; else at the tsconfig's top.
 * TypeScript 7 gives an option set in an extended tsconfig no position of its own.
 */
function locateOption(tsconfig: string, message: string): { file: string; line: number; column: number } {
  const name = /Option '([A-Za-z]+)/.exec(message)?.[1];
  const setter = name ? readTsconfigChain(tsconfig).find((file) => name in file.options) : undefined;
  const position = setter && name ? setter.positionOf(name, /=/.test(message)) : undefined;
  return setter && position ? { file: setter.file, ...position } : { file: tsconfig, line: 1, column: 1 };
}

/**
 * Starts checking every `ts` module of the workspace, in the background, one module at a
 * time and only while no request waits for the checker, so that a later request finds its
 * verdict mostly done and an early one is not held up. Each project is opened at once,
 * requests or not: every check needs its program, built meanwhile in TypeScript 7's process.
 * Failures surface on the requests.
 */
export function checkInBackground(workspace: Workspace): void {
  ensureEditorConfig(workspace);
  const modules = workspace.modules.filter((module) => capabilitiesOf(module.bundler).typeChecks && /\.(ts|tsx|mts)$/.test(module.entry));
  for (const [module, { checker, config }] of openProjectsAhead(workspace, modules)) {
    // Every entry first, then in a second small step (a request arriving meanwhile waits for
    // little) the module's other files, found among the program's with no file read or stat'ed:
    // the module's request then finds every verdict made.
    const rest = { within: module.package.dir, pick: (programFiles: readonly string[]) => ownFiles(workspace, module, programFiles).filter((file) => file !== module.entry) };
    checker
      .check(config, [module.entry], { background: true })
      .then(() => checker.check(config, rest, { background: true }))
      .catch(() => undefined);
  }
}
