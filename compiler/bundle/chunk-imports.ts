import type { OutputChunk } from 'rolldown';

// The bare imports a rolldown chunk keeps: their order, and their quotes.

/**
 * Whether the chunk's static bare imports come in the order its own files write them (the
 * order of a depth-first walk of its imports, which is the order it has bundled alone): the
 * order the browser evaluates them in, and so the same bytes from every batch.
 */
export function importsInSourceOrder(graph: ReadonlyMap<string, readonly string[]>, entry: string | undefined, externals: ReadonlySet<string>, chunk: OutputChunk): boolean {
  const kept = chunk.imports.filter((id) => externals.has(id));
  const expected = externalsInSourceOrder(graph, entry, externals).filter((id) => kept.includes(id));
  return kept.every((id, i) => id === expected[i]);
}

/** The bare imports of the files `entry` reaches, in the order they are written: a depth-first walk of the imports, each in source order. */
export function externalsInSourceOrder(graph: ReadonlyMap<string, readonly string[]>, entry: string | undefined, externals: ReadonlySet<string>): string[] {
  const written: string[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (externals.has(id)) written.push(id);
    for (const next of graph.get(id) ?? []) walk(next);
  };
  if (entry) walk(entry);
  return written;
}

/** The bare imports in the order the code imports them (rolldown decides them in no fixed order): reports list them so. */
export function keepImportOrder(externals: Set<string>, chunk: Pick<OutputChunk, 'imports' | 'dynamicImports'>): void {
  const order = [...chunk.imports, ...chunk.dynamicImports];
  const at = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const sorted = [...externals].sort((a, b) => at(a) - at(b));
  externals.clear();
  for (const name of sorted) externals.add(name);
}

/**
 * The code with each bare import's specifier in single quotes, as the specification shows a
 * kept import (`from '@acme/ui/button'`): rolldown writes double quotes. Of the same length,
 * so the map still holds.
 */
export function singleQuoted(code: string, externals: ReadonlySet<string>): string {
  let out = code;
  for (const name of externals) {
    if (name.includes("'") || name.includes('\\')) continue;
    out = out.split(`from "${name}";`).join(`from '${name}';`).split(`import("${name}")`).join(`import('${name}')`).split(`import "${name}";`).join(`import '${name}';`);
  }
  return out;
}
