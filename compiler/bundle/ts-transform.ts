import { readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { swc } from '../commonjs.js';
import type { Plugin } from 'rolldown';
import { sha256 } from '../cache/digest.js';
import { toPosix } from '../paths.js';
import { swcOptionsFor } from './swc-options.js';
import { emitOptionsOf, type EmitOptions } from '../workspace/tsconfig-options.js';
import { tsconfigOf } from '../workspace/tsconfig-read.js';
import type { Workspace } from '../workspace/model.js';
import { dropTypeOnlyNames } from './type-only-names.js';

/** A file's JavaScript and its map (sources relative to the workspace). */
export interface Transformed {
  code: string;
  map?: string;
}

/**
 * Files kept in memory by content, across modules and builds: a helper shared by many modules
 * is transformed once. Not on disk: writing a file's JavaScript there (in the request's
 * turn) costs more than swc's transform of it, and a module's artifact is kept there already.
 */
const LIMIT = 1000;
const memory = new Map<string, Transformed>();

export const TRANSFORMED = /\.(?:[cm]?ts|tsx|jsx)$/;

/** What a transform of one file is given: where it is, its text and the options of its tsconfig. */
export interface TransformContext {
  root: string;
  sourceMaps: boolean;
  /** The emit options of the tsconfig TypeScript picks for `file`. */
  emitOptionsFor(file: string): EmitOptions;
}

/**
 * One file's JavaScript, as swc writes it for the file's tsconfig: from memory when the same
 * text was transformed with the same options before. The key is the workspace-relative path
 * (it names the file in the map), the options and the text.
 */
export async function transformFile(context: TransformContext, file: string, code: string): Promise<Transformed> {
  const name = toPosix(relative(context.root, file));
  // Named relative to the workspace (no absolute path in a key or a map); the map names the file
  // relative to its own directory, as rolldown reads a transform's map.
  const options = { ...swcOptionsFor(name, context.emitOptionsFor(file), context.sourceMaps), sourceFileName: basename(file) };
  const key = sha256(`${JSON.stringify(options)}\0${code}`);
  const kept = memory.get(key);
  if (kept) return remember(key, kept);
  // Synchronous, in kit's thread: swc's asynchronous transform queues on libuv's four threads,
  // where a fresh service's cold modules waited behind each other for what takes less here.
  const output = swc.transformSync(code, options);
  return remember(key, { code: output.code, map: output.map });
}

function remember(key: string, value: Transformed): Transformed {
  memory.delete(key);
  memory.set(key, value);
  if (memory.size > LIMIT) memory.delete(memory.keys().next().value!);
  return value;
}

/** A transform of one file to JavaScript: swc's (the `ts` bundler's), or esbuild's (a hot development output of the `esbuild` bundler). */
export type FileTransform = (context: TransformContext, file: string, code: string) => Promise<Transformed>;

/**
 * The rolldown plugins of the `ts` bundler: each TypeScript (and JSX) file on its own through
 * swc (or `transform`), then the names it imports or re-exports that are only types in their target dropped,
 * as `tsc` drops them (a per-file transform cannot know them). Two plugins, so that rolldown
 * chains the maps of both edits. Both say their result is JavaScript: rolldown's own
 * TypeScript transform would otherwise run on it again. `spent` adds up the time taken.
 */
export function typeScriptTransform(context: TransformContext, spent: { ms: number }, transform: FileTransform = transformFile): Plugin[] {
  const isSource = (id: string) => TRANSFORMED.test(id) && !/\.d\.[cm]?ts$/.test(id);
  const codeOf = async (file: string) => {
    const text = readFileSync(file, 'utf8');
    return TRANSFORMED.test(file) ? (await transform(context, file, text)).code : text;
  };
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      spent.ms += performance.now() - started;
    }
  };
  return [
    {
      name: 'kit-typescript',
      transform: (code, id) => (isSource(id) ? timed(async () => ({ ...(await transform(context, id, code)), moduleType: 'js' })) : null),
    },
    {
      name: 'kit-type-only-names',
      transform: (code, id) => (isSource(id) ? timed(async () => {
        const dropped = await dropTypeOnlyNames(code, id, codeOf);
        return dropped ? { ...dropped, moduleType: 'js' as const } : null;
      }) : null),
    },
  ];
}

/** The emit options of the tsconfig TypeScript picks for a file, looked up once per directory (its files mostly share one or two). */
export function emitOptionsLookup(workspace: Workspace): (file: string) => EmitOptions {
  const emitOptions = new Map<string, EmitOptions>();
  const configs = new Map<string, string>();
  return (file) => {
    const dir = dirname(file);
    let config = configs.get(dir);
    if (config === undefined) configs.set(dir, (config = tsconfigOf(workspace, file) ?? ''));
    let found = emitOptions.get(config);
    if (!found) emitOptions.set(config, (found = emitOptionsOf(config || undefined)));
    return found;
  };
}
