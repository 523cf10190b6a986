import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { toPosix } from '../paths.js';
import { readTsconfigChain } from './tsconfig-read.js';

/** A tsconfig's own `paths`, with the directory its targets are relative to. */
export interface PathAliases {
  paths: Record<string, string[]>;
  /** `baseUrl`'s directory when one is set (TypeScript 5), else that of the tsconfig that sets `paths`. */
  base: string;
  /** Set by `baseUrl` (TypeScript 5): a bare name is also looked for below it. */
  baseUrl?: string;
}

/**
 * The `paths` and `baseUrl` of a tsconfig, each from the file of its `extends` chain that sets it,
 * as TypeScript reads them. Undefined when neither is set.
 */
export function pathAliasesOf(tsconfig: string | undefined): PathAliases | undefined {
  const chain = tsconfig ? readTsconfigChain(tsconfig) : [];
  const pathsAt = chain.find((file) => 'paths' in file.options);
  const baseUrlAt = chain.find((file) => typeof file.options.baseUrl === 'string');
  const baseUrl = baseUrlAt && resolve(dirname(baseUrlAt.file), baseUrlAt.options.baseUrl as string);
  const written = pathsAt?.options.paths;
  const paths: Record<string, string[]> = {};
  if (written && typeof written === 'object' && !Array.isArray(written)) {
    for (const [key, targets] of Object.entries(written)) if (Array.isArray(targets)) paths[key] = targets.filter((t): t is string => typeof t === 'string');
  }
  if (!pathsAt && !baseUrl) return undefined;
  return { paths, base: baseUrl ?? dirname(pathsAt!.file), baseUrl };
}

/**
 * The paths a specifier's alias names, in the order TypeScript tries them: the exact key,
 * else the pattern with the longest prefix before its `*`, each target with the `*` replaced
 * by what the pattern matched; then, with `baseUrl`, the name below it. A relative specifier
 * has none.
 */
export function aliasCandidates(aliases: PathAliases, specifier: string): string[] {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return [];
  let best: { key: string; star: string } | undefined;
  for (const key of Object.keys(aliases.paths)) {
    if (key === specifier) {
      best = { key, star: '' };
      break;
    }
    const at = key.indexOf('*');
    if (at < 0 || key.indexOf('*', at + 1) >= 0) continue; // two stars: TypeScript's error, never a match
    const prefix = key.slice(0, at);
    const suffix = key.slice(at + 1);
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (!best || prefix.length > best.key.indexOf('*')) best = { key, star: specifier.slice(prefix.length, specifier.length - suffix.length) };
  }
  const targets = best ? aliases.paths[best.key].map((target) => resolve(aliases.base, best.key.includes('*') ? target.replace('*', best.star) : target)) : [];
  return aliases.baseUrl ? [...targets, resolve(aliases.baseUrl, specifier)] : targets;
}

/**
 * The workspace's own `paths` for the check's configuration in `fromDir`, which replaces them
 * (TypeScript does not merge `paths`): each target made relative to `fromDir`. A target
 * TypeScript refuses (not relative, without `baseUrl`) is kept as written, so the check reports
 * it as `tsc` does. `extra` entries (the `*` that stands for TypeScript 5's `baseUrl`) come after
 * the workspace's own for the same key, as TypeScript tries `paths` before `baseUrl`.
 */
export function ownPaths(tsconfig: string | undefined, fromDir: string, extra: Record<string, string[]> = {}): Record<string, string[]> {
  const aliases = pathAliasesOf(tsconfig);
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(aliases?.paths ?? {})) {
    paths[key] = targets.map((target) => {
      const rebased = aliases!.baseUrl !== undefined || target.startsWith('./') || target.startsWith('../');
      return rebased && !isAbsolute(target) ? relativeSpec(fromDir, resolve(aliases!.base, target)) : target;
    });
  }
  for (const [key, targets] of Object.entries(extra)) paths[key] = [...(paths[key] ?? []), ...targets];
  return paths;
}

/** `path` relative to `dir`, written as `paths` needs it: starting with `./` or `../`. */
function relativeSpec(dir: string, path: string): string {
  const rel = toPosix(relative(dir, path));
  return rel === '..' || rel.startsWith('../') ? rel : `./${rel}`;
}
