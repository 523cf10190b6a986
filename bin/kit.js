#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// kit's compiled code (lib/, bundled in lib/bundle/) is built in kit's own checkout (`npm run
// build`; `npm pack` builds it too), never by a workspace's install: say so rather than fail
// on a missing module.
const main = new URL('../lib/bundle/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`kit: kit is not built in ${fileURLToPath(new URL('..', import.meta.url))}; run "npm ci && npm run build" there\n`);
  process.exit(1);
}

// esbuild's and TypeScript 7's services run in sessions of their own, out of reach of the
// terminal's Ctrl-C (see in-own-session.sh). esbuild reads its variable when it loads, so
// these are set before anything is imported. Where there is no sh, they run as they were.
if (process.platform !== 'win32') {
  const require = createRequire(import.meta.url);
  const platform = `${process.platform}-${process.arch}`;
  const wrap = (variable, service, resolveProgram) => {
    try {
      process.env[variable] = resolveProgram();
      return fileURLToPath(new URL(service, import.meta.url));
    } catch {
      return undefined; // the tool finds its program its own way
    }
  };
  if (!process.env.ESBUILD_BINARY_PATH) {
    const wrapped = wrap('KIT_ESBUILD_BINARY', 'esbuild-service.sh', () => require.resolve(`@esbuild/${platform}/bin/esbuild`));
    if (wrapped) process.env.ESBUILD_BINARY_PATH = wrapped;
  }
  const typescript = () => {
    // Its package exports only package.json; the program is beside it, in lib/.
    const manifest = createRequire(require.resolve('typescript-native/package.json')).resolve(`@typescript/typescript-${platform}/package.json`);
    const program = join(dirname(manifest), 'lib', 'tsc');
    if (!existsSync(program)) throw new Error(`no ${program}`);
    return program;
  };
  const tsc = wrap('KIT_TSC_BINARY', 'tsc-service.sh', typescript);
  if (tsc) process.env.KIT_TSC_SERVICE ??= tsc;
}

const { main: run } = await import(main.href);
run(process.argv.slice(2));
