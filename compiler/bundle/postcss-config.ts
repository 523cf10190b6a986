import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { AcceptedPlugin } from 'postcss';
import { fileStamp } from '../freshness/stamp.js';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';
import { configReads } from './postcss-config-reads.js';

/** The workspace's PostCSS configuration as it applies to one package's stylesheets. */
export interface PostcssConfig {
  /** Absolute path of the configuration file. */
  file: string;
  plugins: AcceptedPlugin[];
}

/** What the look-up found: the configuration (or none, or why it failed) and the files that decide it. */
export interface ConfigLookup {
  config?: PostcssConfig;
  diagnostic?: Diagnostic;
  /**
   * The configuration file, those looked for before it (creating one changes what applies), and
   * what loading it reads: the plugin packages it names as Node resolves them, the files it imports.
   */
  inputs: string[];
}

// The names postcss-load-config looks for, in its order (a `postcss` key of package.json aside).
const NAMES = ['.postcssrc', '.postcssrc.json', '.postcssrc.yaml', '.postcssrc.yml', '.postcssrc.ts', '.postcssrc.cts', '.postcssrc.mts', '.postcssrc.js', '.postcssrc.cjs', '.postcssrc.mjs', 'postcss.config.ts', 'postcss.config.cts', 'postcss.config.mts', 'postcss.config.js', 'postcss.config.cjs', 'postcss.config.mjs'];
// Those whose absence is an input: with no watcher, creating one of these is noticed by stat.
const USUAL = ['postcss.config.js', 'postcss.config.cjs', 'postcss.config.mjs'];
const TAILWIND = '@tailwindcss/postcss';

const require = createRequire(import.meta.url);
const loaded = new Map<string, { stamps: string; found: Promise<PostcssConfig | Diagnostic> }>();

/**
 * Where the PostCSS configuration of the package at `packageDir` is (its own, else the
 * workspace's), with no file loaded, and every file that decides what it is: for the cache
 * keys of stylesheets as for their builds.
 */
export function locatePostcssConfig(root: string, packageDir: string): { file?: string; inputs: string[]; missing: string[] } {
  const inputs: string[] = [];
  for (const dir of new Set([packageDir, root])) {
    for (const name of NAMES) {
      const file = join(dir, name);
      if (!existsSync(file)) {
        if (USUAL.includes(name)) inputs.push(file);
        continue;
      }
      const reads = configReads(file);
      return { file, inputs: [...inputs, file, ...reads.inputs], missing: reads.missing };
    }
  }
  return { inputs, missing: [] };
}

/**
 * The PostCSS configuration of the package at `packageDir`: its own, else the workspace's
 * (`postcss.config.{js,cjs,mjs}`, `.postcssrc*`), loaded with postcss-load-config as Vite loads
 * it. A loaded configuration is kept while the files it was loaded from hold (its plugins'
 * packages among them: a plugin installed since is loaded). One that does not load is a
 * diagnostic naming it, never a throw.
 */
export async function findPostcssConfig(root: string, packageDir: string, env: string): Promise<ConfigLookup> {
  const { file, inputs, missing } = locatePostcssConfig(root, packageDir);
  if (!file) return { inputs };
  // Said without asking Node: it would remember the package as missing for the life of the
  // process (its package.json cache), and a service would not load it once installed.
  if (missing.length) return { diagnostic: missingPlugins(root, file, missing), inputs };
  const found = await loadConfig(root, file, packageDir, env, inputs);
  return 'plugins' in found ? { config: found, inputs } : { diagnostic: found, inputs };
}

function loadConfig(root: string, file: string, packageDir: string, env: string, inputs: readonly string[]): Promise<PostcssConfig | Diagnostic> {
  const key = `${file}|${packageDir}|${env}`;
  const stamps = inputs.map((input) => fileStamp(input).stamp).join(' ');
  const known = loaded.get(key);
  if (known?.stamps === stamps) return known.found;
  const found = readConfig(root, file, packageDir, env);
  loaded.set(key, { stamps, found });
  return found;
}

function missingPlugins(root: string, file: string, names: readonly string[]): Diagnostic {
  const rel = toPosix(relative(root, file));
  const list = names.map((name) => `'${name}'`).join(', ');
  return bundleError(`the PostCSS config ${rel} does not load: Cannot find module ${list} from its folder; install ${names.length > 1 ? 'them' : 'it'} or remove ${names.length > 1 ? 'them' : 'it'} from ${rel}`, { file: rel });
}

async function readConfig(root: string, file: string, packageDir: string, env: string): Promise<PostcssConfig | Diagnostic> {
  const rel = toPosix(relative(root, file));
  try {
    const postcssrc = require('postcss-load-config') as typeof import('postcss-load-config');
    // `env` given, so that postcss-load-config leaves process.env.NODE_ENV alone; the search stops in the file's own directory.
    const dir = join(file, '..');
    const result = await postcssrc({ env, cwd: packageDir }, dir, { stopDir: dir });
    return { file: result.file, plugins: result.plugins.map((plugin) => withBase(plugin as AcceptedPlugin, packageDir, env)) };
  } catch (error) {
    // Its first lines: postcss-load-config adds the require stack and the file, which the diagnostic names already.
    const lines = String((error as Error).message ?? error).split(`${root}/`).join('').split('\n');
    const end = lines.findIndex((line) => line.trim() === '' || line.startsWith('Require stack:'));
    const message = lines.slice(0, end <= 0 ? undefined : end).join(' ').trim();
    return bundleError(`the PostCSS config ${rel} does not load: ${message}; fix it or remove it`, { file: rel });
  }
}

/**
 * Tailwind CSS looks for class names below its `base`, by default the directory kit was started
 * in: named without options, it is given the package's directory instead (where Vite would run),
 * and Tailwind's own minifier only for production.
 */
function withBase(plugin: AcceptedPlugin, packageDir: string, env: string): AcceptedPlugin {
  const creator = plugin as AcceptedPlugin & { postcss?: boolean; (options?: object): AcceptedPlugin };
  if (typeof creator !== 'function' || creator.postcss !== true) return plugin;
  const made = creator() as { postcssPlugin?: string };
  return made.postcssPlugin === TAILWIND ? creator({ base: packageDir, optimize: env === 'production' }) : (made as AcceptedPlugin);
}
