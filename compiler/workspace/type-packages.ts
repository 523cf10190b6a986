import { readdirSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileStamp } from '../freshness/stamp.js';

/** A type package's declarations beyond this many are not listed one by one: its folder and the install records stand for them. */
const MAX_FILES = 2000;

/**
 * Every declaration file of the `@types` packages in `node_modules/@types` of each of `dirs`
 * (through pnpm's links): what a check may read without any source importing it (`types:
 * ["node"]`). Each is an input of a verdict, so a hand edit of one (patch-package, say)
 * is a different verdict, not the one kept for the file as it was.
 */
export function typePackageFiles(dirs: readonly string[]): string[] {
  return [...new Set(dirs)].flatMap((dir) => typesOf(join(dir, 'node_modules', '@types'))).slice(0, MAX_FILES);
}

/** Each `@types` folder's declarations, listed again only when the folder's own listing changed (an install). */
const listed = new Map<string, { stamp: string; files: string[] }>();

function typesOf(types: string): string[] {
  const { stamp } = fileStamp(types);
  const kept = listed.get(types);
  if (kept?.stamp === stamp) return kept.files;
  const files: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(types).filter((name) => !name.startsWith('.'));
  } catch {
    // no type packages here
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
    for (const file of declarationsBelow(real)) files.push(join(linked, relative(real, file)));
    if (files.length >= MAX_FILES) break;
  }
  // A racy stamp is never equal to another: such a folder is listed again next time.
  listed.set(types, { stamp, files });
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
