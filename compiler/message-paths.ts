import { existsSync, realpathSync } from 'node:fs';
import { relative } from 'node:path';
import type { Diagnostic } from './diagnostics.js';
import { isInside, toPosix } from './paths.js';
import { KIT, KIT_HOME } from './version.js';

/**
 * An absolute path where a message names a file: at the start, or after a space, a quote, a
 * parenthesis or `=` (`File '/w/packages/b/src/index.ts' is not under…`, `import("/w/x")`).
 */
const ABSOLUTE = /(?<=^|[\s'"`(=])(?:[A-Za-z]:)?\/[^\s'"`(),]+/g;

/**
 * The diagnostics with every machine path in their messages made one the reader can use
 * anywhere, as the diagnostic's `file` is: the workspace's files relative to its root, an
 * installed package's from its `node_modules/`, kit's own from its package name. TypeScript
 * writes absolute paths into some messages (TS6059, TS7016, TS6053…), a bundler into its
 * errors; a report, a remote cache entry or a CI log shared elsewhere never shows this machine.
 */
export function withoutMachinePaths(diagnostics: readonly Diagnostic[], root: string): Diagnostic[] {
  return diagnostics.map((d) => {
    const message = messageWithoutPaths(d.message, root);
    return message === d.message ? d : { ...d, message };
  });
}

/** `message` with each absolute path in it shown as `withoutMachinePaths` says. */
export function messageWithoutPaths(message: string, root: string): string {
  if (!message.includes('/')) return message;
  const roots = workspaceRoots(root);
  return message.replace(ABSOLUTE, (path) => {
    const posix = toPosix(path);
    const home = roots.find((dir) => isInside(posix, dir));
    if (home !== undefined) return toPosix(relative(home, posix)) || '.';
    const installed = posix.lastIndexOf('/node_modules/');
    if (installed >= 0) return posix.slice(installed + 1);
    if (isInside(posix, toPosix(KIT_HOME))) return `${KIT.name}/${toPosix(relative(KIT_HOME, posix))}`;
    // A path, not a string that starts with a slash (`'/api/users'`): its first folder is on this machine.
    const first = /^(?:[A-Za-z]:)?\/[^/]+\//.exec(posix)?.[0];
    return first && existsSync(first) ? toPosix(relative(root, posix)) : path;
  });
}

const realRoots = new Map<string, string[]>();

/** The workspace's root as given and as the file system names it (macOS's /tmp is /private/tmp). */
function workspaceRoots(root: string): string[] {
  let found = realRoots.get(root);
  if (!found) {
    let real = root;
    try {
      real = realpathSync(root);
    } catch {
      // gone: as given
    }
    realRoots.set(root, (found = [...new Set([toPosix(root), toPosix(real)])]));
  }
  return found;
}
