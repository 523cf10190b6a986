// A stylesheet with its `@import`s inlined by postcss, as kit's styles.ts does: the parts' stylesheet work.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// kit's own postcss (bench/node_modules holds Vite's).
const postcss = createRequire(join(resolve(import.meta.dirname, '..'), 'package.json'))('postcss');

/**
 * The CSS of `file`, each `@import` replaced by the file it names (inlined the same way); with
 * `map`, its source map inline, sources included, as kit's development form carries it.
 */
export function inlinedStylesheet(file, map = false) {
  return inline(file).toResult({ to: join(dirname(file), 'out.css'), map: map && { inline: true, sourcesContent: true } }).css;
}

function inline(file) {
  const sheet = postcss.parse(readFileSync(file, 'utf8'), { from: file });
  sheet.walkAtRules('import', (rule) => {
    const url = /^\s*(?:url\()?\s*['"]?([^'")\s]+)/.exec(rule.params)[1];
    rule.replaceWith(inline(resolve(dirname(file), url)).nodes);
  });
  return sheet;
}
