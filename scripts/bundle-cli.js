// Bundles kit's command line (lib/, as tsc wrote it) into lib/bundle/: one file for what every
// command loads, and a chunk for each part loaded on demand (the bundlers, the service). Node
// resolves, reads and compiles a module at a time: kit's hundred files and yargs's took `kit
// --version` 0.22–0.25 s, the bundle 0.17–0.20 s. Packages with native code or files of their
// own beside them (swc, esbuild, rollup, TypeScript 7, listhen), and those loaded by require,
// stay where npm put them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lib = fileURLToPath(new URL('../lib/', import.meta.url));
const outdir = `${lib}bundle`;
rmSync(outdir, { recursive: true, force: true });
await build({
  // Two levels under kit's folder, as lib/cli/main.js is: kit finds its files from there (KIT_HOME).
  entryPoints: { main: `${lib}cli/main.js`, 'checker-worker': `${lib}compiler/check/checker-worker.js` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    '@swc/core', 'esbuild', 'rollup', '@rollup/plugin-json', 'postcss', 'postcss-value-parser', 'typescript-native', 'chokidar',
    'h3', 'listhen', 'get-port-please', '@babel/code-frame', 'semver', 'jsonc-parser',
  ],
  logLevel: 'warning',
});
