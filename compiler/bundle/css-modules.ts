import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Root } from 'postcss';
import { postcss } from '../commonjs.js';
import { toPosix } from '../paths.js';

/** A stylesheet imported as a CSS Module, as Vite names them. */
export const CSS_MODULE = /\.module\.css$/;

/** A CSS Module scoped: its rules with scoped class names, the names by class, and the files `composes … from` read. */
export interface ScopedModule {
  root: Root;
  classes: Record<string, string>;
  composed: string[];
}

// Loaded on the first CSS Module: most workspaces have none.
const require = createRequire(import.meta.url);
let postcssModules: typeof import('postcss-modules') | undefined;

/**
 * The scoped name of `local` in the CSS Module `file`: Vite's `_[local]_[hash:base64:5]`, the
 * hash taken of the workspace-relative path and the class alone. The bundler's stand-in and the
 * stylesheet are made apart (and a sheet's edit swaps it live under unchanged code): both must
 * name a class alike whatever else the sheet holds, on every machine.
 */
export function scopedName(root: string, file: string, local: string): string {
  const hash = createHash('sha256').update(`${toPosix(relative(root, file))}\0${local}`).digest('base64url').slice(0, 5);
  return `_${local}_${hash}`;
}

/**
 * Scopes the CSS Module `file` (parsed as `sheet`) with postcss-modules, before any configured
 * plugin: its class names then depend on its own text only, as the stand-in computes them.
 */
export async function scopeCssModule(root: string, file: string, sheet: Root): Promise<ScopedModule> {
  postcssModules ??= require('postcss-modules') as typeof import('postcss-modules');
  let classes: Record<string, string> = {};
  const composed: string[] = [];
  const result = await postcss.default([
    postcssModules({
      generateScopedName: (local, from) => scopedName(root, from, local),
      getJSON: (_file, json) => void (classes = json),
      resolve: (path, importer) => {
        const found = resolve(dirname(importer), path);
        composed.push(found);
        return found;
      },
    }),
  ]).process(sheet, { from: file });
  return { root: result.root, classes, composed };
}

/**
 * The JavaScript a bundler puts in place of an imported stylesheet: nothing for a plain one, for
 * a CSS Module its class names as the default export (and as named exports where a name is an
 * identifier, as Vite gives them). A CSS Module that is missing or does not parse yields no
 * names here: the module's stylesheet build reports why.
 */
export async function stylesheetStandIn(root: string, file: string): Promise<string> {
  if (!CSS_MODULE.test(file)) return '';
  let classes: Record<string, string> = {};
  try {
    classes = (await scopeCssModule(root, file, postcss.parse(readFileSync(file, 'utf8'), { from: file }))).classes;
  } catch {
    // Reported by compileStyles, with where.
  }
  return classMapModule(classes);
}

/**
 * A CSS Module's class map as an ES module: the map as the default export, and each class whose
 * name is an identifier as a named export, as Vite gives them. `compact` for a minified output.
 */
export function classMapModule(classes: Record<string, string>, compact = false): string {
  const named = Object.keys(classes).filter((name) => IDENTIFIER.test(name) && !RESERVED.has(name));
  const lines = [
    ...named.map((name) => (compact ? `export const ${name}=${JSON.stringify(classes[name])};` : `export const ${name} = ${JSON.stringify(classes[name])};`)),
    `export default ${JSON.stringify(classes)};`,
  ];
  return lines.join(compact ? '' : '\n');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield arguments eval'.split(' '),
);
