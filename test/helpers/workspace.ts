import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '..', '..');
const made: string[] = [];

/** A fresh workspace in a temp directory from `files` (path → text, or an object written as JSON). */
export function writeWorkspace(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kit-test-'));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** Writes (or overwrites) files below `dir`. */
export function writeFiles(dir: string, files: Record<string, string | object>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}

/**
 * A copy of a sample workspace (`examples/shop`, or `test/samples/<name>`) that a test may
 * change. `insideRepo` places it below the checkout, where the repository's node_modules
 * (the installed packages) are in reach. What kit wrote there itself (dist, .kit, its cache) is
 * left behind, so a copy is as a fresh clone has it.
 */
export function copySample(name: string, options: { insideRepo?: boolean } = {}): string {
  const source = name === 'shop' ? join(REPO, 'examples', 'shop') : join(REPO, 'test', 'samples', name);
  const parent = options.insideRepo ? join(REPO, 'test', '.tmp') : tmpdir();
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, `kit-${name}-`));
  made.push(dir);
  // A sample's _config.ts is the test's, not the workspace's.
  cpSync(source, dir, { recursive: true, filter: (p) => !/[/\\](dist|\.kit|node_modules[/\\]\.cache|_config\.ts)$/.test(p) });
  return dir;
}

/** Removes every workspace this process made. */
export function removeWorkspaces(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A minimal valid package.json for tests. */
export function pkg(name: string, extra: object = {}): object {
  return { name, version: '0.1.0', private: true, ...extra };
}
