import { existsSync, readFileSync } from 'node:fs';
import Module, { isBuiltin } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { fileStamp } from '../freshness/stamp.js';

/** What loading a configuration reads, and the packages it cannot load without that are not installed. */
export interface ConfigReads {
  /**
   * The plugin packages it names, as Node resolves them from the file's folder, and the files
   * it imports by a relative path. A package found stands for its package.json (an upgrade
   * changes it); one not found, for every `node_modules/<name>` entry Node looked at, each
   * absent: installing it makes one of them appear, so a kept failure no longer holds.
   */
  inputs: string[];
  /** Packages it loads whatever it says at run time (a static import, a key of `plugins`) that Node would not find. */
  missing: string[];
}

/** What loading the PostCSS configuration `file` reads besides the file itself (see `ConfigReads`). */
export function configReads(file: string): ConfigReads {
  const inputs: string[] = [];
  const missing = new Set<string>();
  for (const { specifier, certain } of specifiersOf(file)) {
    if (specifier.startsWith('.')) {
      inputs.push(...relativeCandidates(resolve(dirname(file), specifier)));
      continue;
    }
    if (isBuiltin(specifier) || specifier.startsWith('/')) continue;
    const name = packageName(specifier);
    const { looked, found } = lookUpPackage(name, dirname(file));
    inputs.push(...looked);
    if (!found && certain) missing.add(name);
  }
  // Under Yarn's Plug'n'Play no node_modules says what is installed: Node alone knows.
  return { inputs: [...new Set(inputs)], missing: process.versions.pnp ? [] : [...missing] };
}

const parsed = new Map<string, { stamp: string; specifiers: NamedSpecifier[] }>();

/** What the configuration names, parsed again only when its stamp changes: what it names is installed or not anew each time. */
function specifiersOf(file: string): NamedSpecifier[] {
  const { stamp } = fileStamp(file);
  const kept = parsed.get(file);
  if (kept?.stamp === stamp) return kept.specifiers;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const specifiers = namedSpecifiers(file, text);
  parsed.set(file, { stamp, specifiers });
  return specifiers;
}

/** Node's global folders ($HOME/.node_modules, NODE_PATH's): documented, not typed. */
const GLOBAL_FOLDERS = (Module as unknown as { globalPaths: string[] }).globalPaths ?? [];

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Where Node looks for the package `name` from `dir`: each `node_modules/<name>` upward, then
 * its global folders (NODE_PATH among them), up to the first entry that is there. `looked`
 * ends with that entry's package.json when it has one.
 */
function lookUpPackage(name: string, dir: string): { looked: string[]; found: boolean } {
  const looked: string[] = [];
  const folders: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    folders.push(join(at, 'node_modules'));
    if (dirname(at) === at) break;
  }
  for (const folder of [...folders, ...GLOBAL_FOLDERS]) {
    const entry = join(folder, name);
    if (!existsSync(entry)) {
      looked.push(entry);
      continue;
    }
    const manifest = join(entry, 'package.json');
    return { looked: [...looked, existsSync(manifest) ? manifest : entry], found: true };
  }
  return { looked, found: false };
}

/** A relative import as Node and the config loaders take it: the path, else with an extension. */
function relativeCandidates(path: string): string[] {
  return extname(path) ? [path] : [path, ...['.js', '.cjs', '.mjs', '.ts', '.json'].map((ext) => `${path}${ext}`)];
}

interface NamedSpecifier {
  specifier: string;
  certain: boolean;
}

/**
 * The specifiers a configuration names, each `certain` when loading it cannot go without it:
 * a static import, a key of its `plugins` object (`{ plugins: { autoprefixer: {} } }`, which
 * postcss-load-config requires by name) whose value is not decided at run time (`cssnano:
 * production ? {} : false` is not). A `require()` or `import()` may sit in a `try` or a
 * condition: an input, never certain. JSON and YAML configurations name plugins by their keys.
 */
function namedSpecifiers(file: string, text: string): NamedSpecifier[] {
  const keys = (names: string[]) => names.map((specifier) => ({ specifier, certain: true }));
  if (/\.(ya?ml)$/.test(file)) return keys(yamlPluginKeys(text));
  if (/\.postcssrc(\.json)?$/.test(file)) {
    try {
      const plugins = (JSON.parse(text) as { plugins?: unknown }).plugins;
      if (!plugins || typeof plugins !== 'object' || Array.isArray(plugins)) return [];
      return Object.entries(plugins).map(([specifier, options]) => ({ specifier, certain: options !== false }));
    } catch {
      // `.postcssrc` may be YAML too.
      return keys(yamlPluginKeys(text));
    }
  }
  let program: unknown;
  try {
    program = parseAst(text, { lang: /\.[cm]?ts$/.test(file) ? 'ts' : 'js', sourceType: 'unambiguous' }, file);
  } catch {
    // A configuration that does not parse does not load either: its own text is what changes that.
    return [];
  }
  const found: NamedSpecifier[] = [];
  const literal = (node: unknown) => {
    const n = node as { type?: string; value?: unknown } | undefined;
    return n?.type === 'Literal' && typeof n.value === 'string' ? n.value : undefined;
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Record<string, any>;
    const source = literal(n.source);
    if (source && n.type === 'ImportDeclaration') found.push({ specifier: source, certain: n.importKind !== 'type' });
    else if (source && /^(ExportAllDeclaration|ExportNamedDeclaration|ImportExpression)$/.test(n.type)) found.push({ specifier: source, certain: n.type !== 'ImportExpression' });
    if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'require' && literal(n.arguments?.[0])) found.push({ specifier: literal(n.arguments[0])!, certain: false });
    if (n.type === 'Property' && (n.key?.name ?? literal(n.key)) === 'plugins' && n.value?.type === 'ObjectExpression') {
      for (const property of n.value.properties) {
        const key = property.key?.type === 'Identifier' && !property.computed ? property.key.name : literal(property.key);
        const value = property.value;
        const decided = value?.type === 'ObjectExpression' || (value?.type === 'Literal' && value.value !== false);
        if (key) found.push({ specifier: key, certain: decided });
      }
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(program);
  return found;
}

/** The keys below a top-level `plugins:` of a YAML configuration. */
function yamlPluginKeys(text: string): string[] {
  const keys: string[] = [];
  let inside = false;
  let indent: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^plugins\s*:/.test(line)) inside = true;
    else if (/^\S/.test(line)) inside = false;
    else if (inside) {
      const found = /^(\s+)['"]?([@\w./-]+)['"]?\s*:/.exec(line);
      // A plugin's own options are indented further.
      if (found && (indent ??= found[1]) === found[1]) keys.push(found[2]);
    }
  }
  return keys;
}
