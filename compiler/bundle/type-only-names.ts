import { init, parse } from 'es-module-lexer';
import MagicString from 'magic-string';
import { resolveRelative } from '../check/resolve.js';

/** `import D, { a, b as c } from` / `export { a } from`: the braces of a statement's named bindings. */
const NAMED = /^(import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*$/;

/**
 * The lexer's reading of each file's JavaScript, while that JavaScript is the same: every
 * build of a module (and of the modules sharing a helper) reads the same files again.
 */
const lexed = new Map<string, { code: string; lexed: ReturnType<typeof parse> }>();
const LEXED_KEPT = 20_000;

async function lex(file: string, code: string): Promise<ReturnType<typeof parse>> {
  const kept = lexed.get(file);
  if (kept?.code === code) return kept.lexed;
  await init;
  const result = parse(code);
  if (lexed.size >= LEXED_KEPT) lexed.clear();
  lexed.set(file, { code, lexed: result });
  return result;
}

/** `export * from` and `export * as ns from`: the head of a star re-export (its `as` part captured). */
const STAR = /^export\s*\*\s*(as\s+[\w$]+\s*)?from\s*$/;

/**
 * The names a file exports as values: its own, and those it re-exports that are values where
 * they come from, followed through `export *` and `export { } from` chains however deep (a
 * barrel of types, as immer and mobx have, exports no value). `*` when something may be there
 * that cannot be told (a bare module's whole namespace).
 */
async function valueExports(file: string, codeOf: (file: string) => Promise<string>, seen = new Set<string>()): Promise<Set<string>> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const code = await codeOf(file).catch(() => '');
  const [imports, exports] = await lex(file, code);
  const reexported = new Map<string, { from: string; name: string }>();
  for (const statement of imports) {
    if (statement.d !== -1 || !statement.n || code.slice(statement.ss, statement.ss + 6) !== 'export') continue;
    const head = code.slice(statement.ss, statement.s - 1);
    const target = statement.n.startsWith('.') ? resolveRelative(statement.n, file, false) : undefined;
    const star = STAR.exec(head);
    if (star) {
      if (star[1]) continue; // `export * as ns`: a value, listed by the lexer
      if (!target || /\.json$/.test(target)) return new Set(['*']);
      for (const name of await valueExports(target, codeOf, seen)) if (name !== 'default') names.add(name);
      continue;
    }
    const named = NAMED.exec(head);
    if (!named || !target || /\.json$/.test(target)) continue;
    for (const binding of named[2].split(',').map((b) => b.trim()).filter(Boolean)) {
      const [name, alias = name] = binding.split(/\s+as\s+/).map((part) => part.trim());
      reexported.set(alias, { from: target, name });
    }
  }
  for (const entry of exports) {
    const through = reexported.get(entry.n);
    if (!through) names.add(entry.n);
    else {
      const there = await valueExports(through.from, codeOf, new Set(seen));
      if (there.has('*') || there.has(through.name)) names.add(entry.n);
    }
  }
  return names;
}

/**
 * Drops, from a file's JavaScript, the names it imports or re-exports from a relative file
 * that exports no such value: a per-file transform keeps `export { T } from './types'` and a
 * decorator's metadata keeps `import { I }` for a type `I`, which `tsc`, knowing `T` and `I`
 * are types, drops. A statement left with no names goes too, as `tsc` elides it. Returns the
 * code and a map of the edit, or undefined when nothing is dropped.
 */
export async function dropTypeOnlyNames(code: string, file: string, codeOf: (file: string) => Promise<string>): Promise<{ code: string; map: ReturnType<MagicString['generateMap']> } | undefined> {
  if (!/\bfrom\s*['"]\./.test(code)) return undefined;
  const [imports] = await lex(file, code);
  let edit: MagicString | undefined;
  for (const statement of imports) {
    if (statement.d !== -1 || !statement.n || !statement.n.startsWith('.')) continue;
    const head = NAMED.exec(code.slice(statement.ss, statement.s - 1));
    if (!head) continue;
    const target = resolveRelative(statement.n, file, false);
    if (!target || /\.json$/.test(target)) continue;
    const exported = await valueExports(target, codeOf);
    if (exported.has('*')) continue;
    const bindings = head[2].split(',').map((b) => b.trim()).filter(Boolean);
    const kept = bindings.filter((binding) => exported.has(binding.split(/\s+as\s+/)[0].trim()));
    if (kept.length === bindings.length) continue;
    edit ??= new MagicString(code);
    const defaultImport = head[0].match(/^import\s*([\w$]+)\s*,/)?.[1];
    if (kept.length || defaultImport) {
      const braces = code.indexOf('{', statement.ss);
      const close = code.indexOf('}', braces);
      edit.overwrite(braces, close + 1, kept.length ? `{ ${kept.join(', ')} }` : '{}');
    } else {
      edit.remove(statement.ss, code[statement.se] === ';' ? statement.se + 1 : statement.se);
    }
  }
  return edit && { code: edit.toString(), map: edit.generateMap({ hires: true, source: file }) };
}
