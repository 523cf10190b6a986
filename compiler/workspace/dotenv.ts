import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { toPosix } from '../paths.js';

// Vite reads .env files with dotenv; kit does too (loaded by require: it is CommonJS).
const dotenv: typeof import('dotenv') = createRequire(import.meta.url)('dotenv');

/** The names whose variables reach browser code, as Vite's `envPrefix` and kit's own. */
export const ENV_PREFIXES = ['VITE_', 'KIT_PUBLIC_'] as const;

/** Whether a variable may reach an output: only those named with a public prefix. */
export function isPublicVariable(name: string): boolean {
  return ENV_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The files Vite reads for `modes`: `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local` (never `.env.example`, say). */
export function dotenvNames(modes: readonly string[]): Set<string> {
  return new Set(['.env', '.env.local', ...modes.flatMap((mode) => [`.env.${mode}`, `.env.${mode}.local`])]);
}

/**
 * The `.env` files of `dir` that `modes` read, each by its workspace-relative path with its
 * public variables only: a secret in a `.env` file is never read past this point. Every file
 * it read is pushed to `read`.
 */
export function readDotenvFiles(root: string, dir: string, read: string[], modes: readonly string[]): Record<string, Record<string, string>> {
  const wanted = dotenvNames(modes);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => wanted.has(name)).sort();
  } catch {
    return {};
  }
  const files: Record<string, Record<string, string>> = {};
  for (const name of names) {
    const path = join(dir, name);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // a directory named .env.something, or gone meanwhile
    }
    read.push(path);
    files[toPosix(relative(root, path))] = Object.fromEntries(Object.entries(dotenv.parse(text)).filter(([name]) => isPublicVariable(name)));
  }
  return files;
}
