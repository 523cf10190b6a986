import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Message, Root } from 'postcss';
import { postcss } from '../commonjs.js';
import { bundleError, type Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';
import type { PostcssConfig } from './postcss-config.js';

/** A sheet after the configured plugins: its rules, the files they read (Tailwind's sources), or why they failed. */
export type PluginsResult = { root: Root; inputs: string[] } | { diagnostic: Diagnostic };

/**
 * Runs the configured plugins over one sheet, `from` its own path. The files they report
 * reading (`dependency`, `dir-dependency` messages, as Vite reads them: Tailwind's scanned
 * sources) are inputs of the stylesheet. A plugin that throws is a diagnostic naming the
 * configuration, at the sheet's line when the plugin says which.
 */
export async function applyPlugins(root: string, config: PostcssConfig, file: string, sheet: Root): Promise<PluginsResult> {
  const rel = (path: string) => toPosix(relative(root, path));
  try {
    const result = await postcss.default(config.plugins).process(sheet, { from: file });
    return { root: result.root, inputs: dependencyInputs(result.messages) };
  } catch (error) {
    const e = error as Error & { reason?: string; plugin?: string; file?: string; line?: number; column?: number };
    const by = e.plugin ? `${e.plugin} (from ${rel(config.file)})` : `a plugin of ${rel(config.file)}`;
    const reason = (e.reason ?? e.message ?? String(error)).split(`${root}/`).join('').split('\n')[0];
    const where = e.file && e.line ? { file: rel(e.file), line: e.line, column: e.column } : { file: rel(config.file) };
    return { diagnostic: bundleError(`${by} failed on ${rel(file)}: ${reason}; fix the stylesheet or ${rel(config.file)}`, where) };
  }
}

/**
 * The files the plugins read: each `dependency`, and for a `dir-dependency` its directory and
 * every directory below it. A directory input stands for what is below it while the service
 * watches, and for its listing otherwise (`kit build`, the disk cache): a file added anywhere
 * below, which the glob may match, changes one of those listings.
 */
export function dependencyInputs(messages: readonly Message[]): string[] {
  const inputs: string[] = [];
  for (const message of messages) {
    if (message.type === 'dependency' && typeof message.file === 'string') inputs.push(message.file);
    else if (message.type === 'dir-dependency' && typeof message.dir === 'string') inputs.push(...directoriesBelow(message.dir));
  }
  return [...new Set(inputs)];
}

// Never sources of class names, and too large to list.
const SKIPPED = new Set(['node_modules', 'dist']);

function directoriesBelow(dir: string): string[] {
  const found = [dir];
  for (const at of found) {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) if (entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED.has(entry.name)) found.push(join(at, entry.name));
  }
  return found;
}
