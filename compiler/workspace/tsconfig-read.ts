import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Node } from 'jsonc-parser';
import { jsonc } from '../commonjs.js';
import { resolveExtends } from './tsconfig-chain.js';
import { projectFilesOf, projectHolds } from './tsconfig-include.js';
import type { Position } from './json.js';
import { isInside } from '../paths.js';
import { fileStamp } from '../freshness/stamp.js';
import type { Workspace } from './model.js';

/** One tsconfig file of a chain: its own compiler options, and where each is written. */
export interface TsconfigFile {
  file: string;
  options: Record<string, unknown>;
  /** Its own top-level `files`, `include`, `exclude` and `references`, as written (undefined when absent). */
  project: ProjectFields;
  /** The position of `compilerOptions.<name>` (of its value with `value`), 1-based. */
  positionOf(name: string, value?: boolean): Position | undefined;
}

/** The top-level fields that say which files a tsconfig's project holds. */
export interface ProjectFields {
  files?: unknown;
  include?: unknown;
  exclude?: unknown;
  references?: unknown;
}

/**
 * The tsconfig files whose options apply through `file`, the one that wins first: the file,
 * then what it extends (a later `extends` entry before an earlier one), as TypeScript merges
 * them. A file that cannot be read or parsed is left out (its problems are the check's).
 */
export function readTsconfigChain(file: string, seen = new Set<string>()): TsconfigFile[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const parsed = parsedTsconfig(file);
  if (!parsed) return [];
  return [parsed.own, ...parsed.bases.flatMap((name) => {
    const base = resolveExtends(name, dirname(file));
    return base ? readTsconfigChain(base, seen) : [];
  })];
}

/**
 * The tsconfig files whose options apply through `file`: itself and every file its
 * `extends` names, followed as TypeScript follows them (relative paths, packages). An edit
 * to any of them can change a module's verdict, so each is an input of its build, even one
 * that cannot be read (writing it changes that).
 */
export function tsconfigChain(file: string, seen: string[] = []): string[] {
  if (seen.includes(file)) return seen;
  seen.push(file);
  // `bases` holds the last first; the chain follows them as written.
  for (const name of [...(parsedTsconfig(file)?.bases ?? [])].reverse()) {
    const next = resolveExtends(name, dirname(file));
    if (next) tsconfigChain(next, seen);
  }
  return seen;
}

interface Parsed {
  own: TsconfigFile;
  /** What it extends, the last first. */
  bases: string[];
}

/** Each tsconfig parsed once while its stat stays the same (a racy stamp never matches): every module under it asks. */
const parsedByFile = new Map<string, { stamp: string; parsed: Parsed | undefined }>();

function parsedTsconfig(file: string): Parsed | undefined {
  const { stamp } = fileStamp(file);
  const known = parsedByFile.get(file);
  if (known?.stamp === stamp) return known.parsed;
  const parsed = stamp === '-' ? undefined : parseTsconfig(file);
  parsedByFile.set(file, { stamp, parsed });
  return parsed;
}

function parseTsconfig(file: string): Parsed | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let tree: Node | undefined;
  const options: Record<string, unknown> = {};
  try {
    tree = jsonc.parseTree(text);
    for (const property of (tree && jsonc.findNodeAtLocation(tree, ['compilerOptions'])?.children) ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value) options[String(key.value)] = valueOf(value);
    }
  } catch {
    return undefined; // nested past the parser's stack: TypeScript reports such a file
  }
  if (!tree) return undefined;
  const node = (path: (string | number)[]) => jsonc.findNodeAtLocation(tree, path);
  const positionOf = (name: string, value = false) => {
    const found = node(['compilerOptions', name]);
    const at = value ? found : found?.parent?.children?.[0];
    return at ? position(text, at.offset) : undefined;
  };
  const extended = valueOf(node(['extends']));
  const bases = (Array.isArray(extended) ? extended : [extended]).filter((name): name is string => typeof name === 'string').reverse();
  const project: ProjectFields = { files: valueOf(node(['files'])), include: valueOf(node(['include'])), exclude: valueOf(node(['exclude'])), references: valueOf(node(['references'])) };
  return { own: { file, options, project, positionOf }, bases };
}

function valueOf(node: Node | undefined): unknown {
  if (!node) return undefined;
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type === 'object') return Object.fromEntries((node.children ?? []).map((p) => [String(p.children?.[0]?.value), valueOf(p.children?.[1])]));
  return node.value;
}

function position(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * The tsconfig TypeScript's editor service picks for a file: the nearest tsconfig.json up from
 * it, inside the workspace; when that project does not hold the file (a solution file,
 * `"files": []` with `references`), the first project its references lead to, depth first as
 * `tsc -b` lists them, that holds it (a Vite app's `tsconfig.app.json`). A file no project
 * holds keeps the nearest tsconfig.json. Undefined when there is none.
 */
export function tsconfigOf(workspace: Workspace, entry: string): string | undefined {
  const nearest = nearestTsconfig(workspace, entry);
  return nearest && (projectHolding(nearest, resolve(entry)) ?? nearest);
}

/** The nearest tsconfig.json up from `entry`, inside the workspace, as `tsc -p` from its directory finds it. */
export function nearestTsconfig(workspace: Workspace, entry: string): string | undefined {
  for (let dir = dirname(entry); isInside(dir, workspace.root); dir = dirname(dir)) {
    const file = join(dir, 'tsconfig.json');
    if (existsSync(file)) return file;
    if (dir === workspace.root) break;
  }
  return undefined;
}

/** `tsconfig`, or the project among its references (followed further) that holds `file`. */
function projectHolding(tsconfig: string, file: string, visited: string[] = []): string | undefined {
  if (visited.includes(tsconfig)) return undefined;
  visited.push(tsconfig);
  const chain = readTsconfigChain(tsconfig);
  if (chain.length === 0) return undefined;
  if (projectHolds(projectFilesOf(chain), file)) return tsconfig;
  for (const reference of referencesOf(chain[0])) {
    const found = projectHolding(reference, file, visited);
    if (found) return found;
  }
  return undefined;
}

/** The tsconfig files a tsconfig's `references` name (a directory stands for its tsconfig.json); never inherited. */
function referencesOf(own: TsconfigFile): string[] {
  const references = Array.isArray(own.project.references) ? own.project.references : [];
  return references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path;
    if (typeof path !== 'string') return [];
    const target = resolve(dirname(own.file), path);
    return [target.endsWith('.json') ? target : join(target, 'tsconfig.json')];
  });
}

/**
 * The tsconfig.json paths TypeScript looks at for a module, nearest first, up to the one it
 * finds: one created nearer than that changes the module's configuration.
 */
export function tsconfigLookups(workspace: Workspace, entry: string): string[] {
  const found = nearestTsconfig(workspace, entry);
  const looked: string[] = [];
  for (let dir = dirname(entry); isInside(dir, workspace.root); dir = dirname(dir)) {
    looked.push(join(dir, 'tsconfig.json'));
    if (looked.at(-1) === found || dir === workspace.root) break;
  }
  return looked;
}

/**
 * Every tsconfig file that decides how a module's files compile: where one was looked for, the
 * chain of the one found and, for a solution, of each project its references lead to (an edit
 * to any may move the module to another project).
 */
export function tsconfigInputs(workspace: Workspace, entry: string, tsconfig = tsconfigOf(workspace, entry)): string[] {
  const lookups = tsconfigLookups(workspace, entry);
  const inputs = new Set(lookups);
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const member of tsconfigChain(file)) inputs.add(member);
    // The project found holds the module: its own references were never looked at.
    const own = file === tsconfig ? undefined : readTsconfigChain(file)[0];
    for (const reference of own ? referencesOf(own) : []) visit(reference);
  };
  if (tsconfig) {
    visit(lookups.at(-1)!); // the nearest tsconfig.json, a solution or the project itself
    visit(tsconfig);
  }
  return [...inputs];
}
