import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { KIT_HOME } from './version.js';

const TEMPLATE = join(KIT_HOME, 'templates', 'kit-web', 'workspace');
const SCOPED_NAME = /^@[a-z0-9][a-z0-9._~-]*\/[a-z0-9][a-z0-9._~-]*$/;

export type CreateResult = { ok: true; name: string } | { ok: false; reason: string };

/**
 * Writes a new workspace from the `kit-web` template into `dir`, which must be absent or
 * empty. The files are written beside it first and moved in at the end, so a refusal or a
 * failure leaves `dir` as it was.
 */
export function createWorkspace(dir: string, name = defaultName(dir)): CreateResult {
  if (!SCOPED_NAME.test(name)) {
    return { ok: false, reason: `"${name}" is not a scoped package name; pass --name @scope/package` };
  }
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) return { ok: false, reason: `${dir} is a file; choose a new directory` };
    if (readdirSync(dir).length > 0) return { ok: false, reason: `${dir} is not empty; choose a new or empty directory` };
  }
  const packageDir = name.split('/')[1];
  const staging = mkdtempSync(join(dirname(dir), `.kit-create-`));
  try {
    cpSync(TEMPLATE, staging, { recursive: true });
    renameSync(join(staging, 'gitignore'), join(staging, '.gitignore'));
    renameSync(join(staging, 'packages', '_package_'), join(staging, 'packages', packageDir));
    const values: Record<string, string> = { name, workspace: basename(dir), _package_: packageDir };
    for (const file of ['kit.json', `packages/${packageDir}/package.json`, `packages/${packageDir}/main/index.ts`]) {
      const path = join(staging, file);
      writeFileSync(path, fill(readFileSync(path, 'utf8'), values));
    }
    if (existsSync(dir)) {
      for (const entry of readdirSync(staging)) renameSync(join(staging, entry), join(dir, entry));
    } else {
      renameSync(staging, dir);
    }
    return { ok: true, name };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}|_package_/g, (match, key?: string) => values[key ?? match] ?? match);
}

function defaultName(dir: string): string {
  const scope = basename(dir).toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[^a-z0-9]+/, '') || 'workspace';
  return `@${scope}/app`;
}
