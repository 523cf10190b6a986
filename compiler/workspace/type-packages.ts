import { readdirSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A type package's declarations beyond this many are not listed one by one: its folder and the install records stand for them. */
const MAX_FILES = 2000;

/**
 * Every declaration file of the `@types` packages in `node_modules/@types` of each of `dirs`
 * (through pnpm's links): what a check may read without any source importing it (`types:
 * ["node"]`). Each is an input of a verdict, so a hand edit of one (patch-package, say)
 * is a different verdict, not the one kept for the file as it was.
 */
export function typePackageFiles(dirs: readonly string[]): string[] {
  const files: string[] = [];
  for (const dir of new Set(dirs)) {
    const types = join(dir, 'node_modules', '@types');
    let names: string[];
    try {
      names = readdirSync(types).filter((name) => !name.startsWith('.'));
    } catch {
      continue;
    }
    for (const name of names) {
      const linked = join(types, name);
      let real: string;
      try {
        real = realpathSync(linked);
      } catch {
        continue;
      }
      // Named by the path under @types (the one TypeScript and the watcher see), read where the link leads.
      for (const file of declarationsBelow(real)) {
        files.push(join(linked, relative(real, file)));
        if (files.length >= MAX_FILES) return files;
      }
    }
  }
  return files;
}

function declarationsBelow(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names.filter((name) => /\.d\.[cm]?ts$/.test(name) && !name.split(/[/\\]/).includes('node_modules')).map((name) => join(dir, name));
}
