import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { makeUniqueDir } from '../paths.js';
import { KIT_HOME } from '../version.js';
import { kitDependency } from './kit-dependency.js';

/** The version of kit's TypeScript 7 (`typescript-native`), which a new workspace installs as `typescript`. */
const KIT_TYPESCRIPT_VERSION = (createRequire(import.meta.url)('typescript-native/package.json') as { version: string }).version;

/** The templates of templates/, by name; the first is the default. */
const TEMPLATES = ['kit-web', 'react'];
/** A template's files: `workspace/` always, and the styled starter `--example` lays over it (`example/`) when it has one. */
const templateDir = (template: string, part: 'workspace' | 'example') => join(KIT_HOME, 'templates', template, part);
const SCOPED_NAME = /^@[a-z0-9][a-z0-9._~-]*\/[a-z0-9][a-z0-9._~-]*$/;

/**
 * Template files stored under another name, renamed when written: npm drops `.gitignore`
 * from a pack, and a `package.json` holding `{{…}}` placeholders would pass for a real
 * package (with an invalid name and range) to npm, editors and dependency scanners.
 */
const RENAMED: Record<string, string> = { gitignore: '.gitignore', 'package.template.json': 'package.json' };

export type CreateResult = { ok: true; name: string } | { ok: false; reason: string };

export interface CreateOptions {
  /** A template's name (`kit-web`, `react`); `kit-web` when absent. */
  template?: string;
  /** Add the styled starter: a stylesheet the module imports, a counter, and which file to edit. */
  example?: boolean;
}

/**
 * Writes a new workspace from a template (`kit-web` unless told) into `dir`, which must be absent or
 * empty. The files are written beside it first and moved in at the end, so a refusal or a
 * failure leaves `dir` as it was. The root package.json depends on this kit
 * (see {@link kitDependency}), so `npm install` then `npm run dev` work in it.
 */
export function createWorkspace(dir: string, name = defaultName(dir), options: CreateOptions = {}): CreateResult {
  const template = options.template ?? TEMPLATES[0];
  if (!TEMPLATES.includes(template)) {
    return { ok: false, reason: `there is no template "${template}"; pass --template ${TEMPLATES.join(' or ')}` };
  }
  if (options.example && !existsSync(templateDir(template, 'example'))) {
    return { ok: false, reason: `the ${template} template is a styled starter already; leave out --example` };
  }
  if (!SCOPED_NAME.test(name)) {
    return { ok: false, reason: `"${name}" is not a scoped package name; pass --name @scope/package` };
  }
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) return { ok: false, reason: `${dir} is a file; choose a new directory` };
    if (readdirSync(dir).length > 0) return { ok: false, reason: `${dir} is not empty; choose a new or empty directory` };
  }
  try {
    // Like `npm create vite a/b`: missing parents are made, rather than an internal error.
    mkdirSync(dirname(dir), { recursive: true });
  } catch (error) {
    return { ok: false, reason: `cannot create ${dirname(dir)} (${(error as NodeJS.ErrnoException).code})` };
  }
  const packageDir = name.split('/')[1];
  let staging: string;
  try {
    staging = makeUniqueDir(join(dirname(dir), `.kit-create-`));
  } catch (error) {
    return { ok: false, reason: `cannot write in ${dirname(dir)} (${(error as NodeJS.ErrnoException).code})` };
  }
  try {
    cpSync(templateDir(template, 'workspace'), staging, { recursive: true });
    if (options.example) cpSync(templateDir(template, 'example'), staging, { recursive: true });
    for (const [from, to] of Object.entries(RENAMED)) renameSync(join(staging, from), join(staging, to));
    renameSync(join(staging, 'packages', '_package_'), join(staging, 'packages', packageDir));
    const values: Record<string, string> = {
      name,
      workspace: basename(dir),
      root: npmName(basename(dir)),
      kit: kitDependency(dir),
      // The TypeScript kit judges with: the editor's, `tsc`'s and kit check's verdicts are one.
      typescript: KIT_TYPESCRIPT_VERSION,
      _package_: packageDir,
    };
    // Any file may name the workspace or its package (a page's entry, a hint of which file to
    // edit); templates hold text files only.
    for (const file of filesBelow(staging)) {
      const path = join(staging, file);
      writeFileSync(path, fill(readFileSync(path, 'utf8'), values, file.endsWith('.json') ? 'json' : file.endsWith('.html') ? 'html' : 'text'));
    }
    if (existsSync(dir)) {
      for (const entry of readdirSync(staging)) renameSync(join(staging, entry), join(dir, entry));
    } else {
      renameSync(staging, dir);
    }
    return { ok: true, name };
  } catch (error) {
    // A full or read-only place: the workspace was being written aside, and is gone again.
    const code = (error as NodeJS.ErrnoException).code;
    if (!code) throw error;
    return { ok: false, reason: `cannot write ${dir} (${code}); nothing was created` };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The files below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile());
}

function fill(text: string, values: Record<string, string>, kind: 'json' | 'html' | 'text'): string {
  // In a JSON file a value is written as the inside of a JSON string, so a path with a quote
  // or a backslash keeps the file valid; in HTML it is text.
  const escape = (value: string) => (kind === 'json' ? JSON.stringify(value).slice(1, -1) : kind === 'html' ? value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : value);
  return text.replace(/\{\{(\w+)\}\}|_package_/g, (match, key?: string) => {
    const value = values[key ?? match];
    return value === undefined ? match : escape(value);
  });
}

/** A valid npm package name from a directory name: lowercase, URL-safe, no leading dot or underscore. */
function npmName(dirName: string): string {
  const name = dirName.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '').slice(0, 214) || 'workspace';
  // npm refuses the names of Node's core modules and these two for new packages.
  return isBuiltin(name) || name === 'node_modules' || name === 'favicon.ico' ? `${name}-workspace` : name;
}

function defaultName(dir: string): string {
  const scope = basename(dir).toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[^a-z0-9]+/, '') || 'workspace';
  return `@${scope}/app`;
}
