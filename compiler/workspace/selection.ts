import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Workspace } from './model.js';

/** Which workspace packages are in development; without an explicit selection, all are. */
export interface Selection {
  explicit: boolean;
  packages: string[];
}

const DIR = ['.kit', 'development'];

function selectionFile(root: string): string {
  return join(root, ...DIR, 'selection.json');
}

/** The stored selection, or every package of the workspace when none is stored (or it is unreadable). */
export function readSelection(workspace: Workspace): Selection {
  try {
    const stored = JSON.parse(readFileSync(selectionFile(workspace.root), 'utf8')) as { packages?: unknown };
    if (Array.isArray(stored.packages) && stored.packages.every((p) => typeof p === 'string')) {
      return { explicit: true, packages: [...new Set(stored.packages as string[])].sort() };
    }
  } catch {
    // no selection yet
  }
  return { explicit: false, packages: workspace.packages.map((p) => p.name).sort() };
}

/** A stamp of the selection file, so a service can tell when the CLI changed it. */
export function selectionStamp(root: string): string {
  const s = statSync(selectionFile(root), { throwIfNoEntry: false, bigint: true });
  return s ? `${s.mtimeNs}:${s.size}:${s.ino}` : '-';
}

export type SelectionChange = { ok: true; selection: Selection } | { ok: false; unknown: string[] };

/**
 * Stores `packages` as the selection: written to a temporary file and renamed over the old
 * one, so a reader never sees half of it. Names that are not workspace packages change
 * nothing. `.kit/` gets a `.gitignore` of `*`: the selection is never committed.
 */
export function writeSelection(workspace: Workspace, packages: string[]): SelectionChange {
  const known = new Set(workspace.packages.map((p) => p.name));
  const unknown = packages.filter((p) => !known.has(p));
  if (unknown.length) return { ok: false, unknown };
  const dir = join(workspace.root, ...DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(workspace.root, '.kit', '.gitignore'), '*\n');
  const file = selectionFile(workspace.root);
  const temporary = `${file}.${process.pid}.tmp`;
  const selection = { explicit: true, packages: [...new Set(packages)].sort() };
  writeFileSync(temporary, `${JSON.stringify({ packages: selection.packages }, null, 2)}\n`);
  renameSync(temporary, file);
  return { ok: true, selection };
}

/** Forgets the selection: every package is in development again. */
export function resetSelection(workspace: Workspace): Selection {
  rmSync(selectionFile(workspace.root), { force: true });
  return readSelection(workspace);
}
