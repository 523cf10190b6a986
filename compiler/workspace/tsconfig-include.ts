import { dirname, isAbsolute, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { toPosix } from '../paths.js';

/** Which files a tsconfig's project holds: its `files`, and what its `include` matches less its `exclude`. */
export interface ProjectFiles {
  /** `files`, absolute; never excluded. */
  files: string[];
  /** `include`, absolute specs (`dir` already widened to `dir/**\/*`) and their patterns. */
  include: { spec: string; pattern: RegExp }[];
  exclude: RegExp[];
}

/** Folders TypeScript's `**` never enters and its default `exclude` names. */
const PACKAGE_FOLDERS = ['node_modules', 'bower_components', 'jspm_packages'];
const IMPLICIT_EXCLUDE = `(?!(${PACKAGE_FOLDERS.join('|')})(/|$))`;
const RESERVED = /[^\w\s/]/g;

/** The fragments TypeScript's `getPatternFromSpec` writes, for `include` (files) and `exclude`. */
const MATCHERS = {
  files: { star: '([^./]|(\\.(?!min\\.js$))?)*', doubleStar: `(/${IMPLICIT_EXCLUDE}[^/.][^/]*)*?` },
  exclude: { star: '[^/]*', doubleStar: '(/.+?)?' },
};

/** What this reads of a tsconfig of the chain (tsconfig-read's `TsconfigFile` is one). */
interface ChainFile {
  file: string;
  options: Record<string, unknown>;
  project: { files?: unknown; include?: unknown; exclude?: unknown };
}

const byChain = new WeakMap<ChainFile, { chain: readonly ChainFile[]; project: ProjectFiles }>();

/**
 * The files of the project `chain` (readTsconfigChain) configures, as TypeScript reads them:
 * `files`, `include` and `exclude` each from the file of the chain that sets it, relative to that
 * file; no `files` and no `include` is `include: ["**\/*"]`; no `exclude` is the package folders
 * and `outDir`. `${configDir}` is the directory of the tsconfig itself.
 */
export function projectFilesOf(chain: readonly ChainFile[]): ProjectFiles {
  const [own] = chain;
  const kept = own && byChain.get(own);
  if (kept && kept.chain.length === chain.length && kept.chain.every((file, i) => file === chain[i])) return kept.project;
  const configDir = own ? dirname(own.file) : '/';
  const setting = (name: 'files' | 'include' | 'exclude') => {
    const at = chain.find((file) => file.project[name] !== undefined);
    const specs = Array.isArray(at?.project[name]) ? (at.project[name] as unknown[]).filter((s): s is string => typeof s === 'string') : undefined;
    return at && specs && { dir: dirname(at.file), specs: specs.map((s) => s.replaceAll('${configDir}', configDir)) };
  };
  const files = setting('files');
  const include = setting('include') ?? (files ? undefined : { dir: configDir, specs: ['**/*'] });
  const outDirAt = chain.find((file) => typeof file.options.outDir === 'string');
  const exclude = setting('exclude') ?? { dir: configDir, specs: [...PACKAGE_FOLDERS, ...(outDirAt ? [resolve(dirname(outDirAt.file), outDirAt.options.outDir as string)] : [])] };
  const project: ProjectFiles = {
    files: (files?.specs ?? []).map((spec) => resolve(files!.dir, spec)),
    include: (include?.specs ?? []).flatMap((spec) => {
      const absolute = widened(toPosix(resolve(include!.dir, spec)));
      const pattern = absolute.endsWith('/**') ? undefined : patternOf(absolute, 'files');
      return pattern ? [{ spec: absolute, pattern }] : [];
    }),
    exclude: exclude.specs.flatMap((spec) => patternOf(widened(toPosix(resolve(exclude.dir, spec))), 'exclude') ?? []),
  };
  if (own) byChain.set(own, { chain: [...chain], project });
  return project;
}

/** Whether the project holds `file`: named by `files`, or matched by `include` and not by `exclude`. */
export function projectHolds(project: ProjectFiles, file: string): boolean {
  if (project.files.includes(file)) return true;
  const path = toPosix(file);
  return project.include.some(({ pattern }) => pattern.test(path)) && !project.exclude.some((pattern) => pattern.test(path));
}

/**
 * The declaration files (`*.d.ts`, `*.d.mts`, `*.d.cts`, `*.d.css.ts`…) the project's `files`
 * and `include` name, found as TypeScript expands them: no node_modules, no dot folders, less
 * `exclude`. They are ambient to every file of the project, whether or not any file imports them.
 */
export function projectDeclarations(project: ProjectFiles): string[] {
  const found = new Set(project.files.filter(isDeclaration));
  for (const { spec } of project.include) {
    const [base, ...rest] = splitStatic(spec);
    const matched = globSync(rest.join('/') || '.', { cwd: base, absolute: true, dot: false, expandDirectories: false, onlyFiles: true, ignore: PACKAGE_FOLDERS.map((name) => `**/${name}/**`) });
    for (const file of matched) if (isDeclaration(file) && projectHolds(project, resolve(file))) found.add(resolve(file));
  }
  return [...found].sort();
}

const isDeclaration = (file: string) => /\.d\.([cm]?ts|[^/]*\.ts)$/.test(file);

/** A spec whose last part has no `.`, `*` or `?` names a directory: everything below it. */
function widened(spec: string): string {
  const last = spec.slice(spec.lastIndexOf('/') + 1);
  return /[.*?]/.test(last) ? spec : `${spec}/**/*`;
}

/** The directory before the first wildcard, then the rest of the spec's parts (for the glob). */
function splitStatic(spec: string): [string, ...string[]] {
  const parts = spec.split('/');
  const at = parts.findIndex((part) => /[*?]/.test(part));
  const base = parts.slice(0, at < 0 ? parts.length - 1 : at).join('/') || '/';
  return [base, ...parts.slice(at < 0 ? parts.length - 1 : at)];
}

/** TypeScript's `getPatternFromSpec` for an absolute spec: the regular expression its matching uses. */
function patternOf(spec: string, usage: 'files' | 'exclude'): RegExp | undefined {
  if (!isAbsolute(spec)) return undefined;
  const { star, doubleStar } = MATCHERS[usage];
  const wildcard = (match: string) => (match === '*' ? star : match === '?' ? '[^/]' : `\\${match}`);
  let pattern = '';
  for (const [i, part] of spec.split('/').entries()) {
    if (i === 0) continue; // the root, before the first `/`
    if (part === '**') {
      pattern += doubleStar;
      continue;
    }
    pattern += '/';
    if (usage === 'exclude') {
      pattern += part.replace(RESERVED, wildcard);
      continue;
    }
    // A wildcard at the start of a part never matches a dot file or folder.
    let written = '';
    let rest = part;
    if (part.startsWith('*')) (written = `([^./]${star})?`), (rest = part.slice(1));
    else if (part.startsWith('?')) (written = '[^./]'), (rest = part.slice(1));
    written += rest.replace(RESERVED, wildcard);
    pattern += (written !== part ? IMPLICIT_EXCLUDE : '') + written;
  }
  return new RegExp(`^(${pattern})${usage === 'exclude' ? '($|/)' : '$'}`);
}
