// Bundles kit's command line (lib/, as tsc wrote it) into lib/bundle/: one file for what every
// command loads, and a chunk for each part loaded on demand (the bundlers, the service). Node
// resolves, reads and compiles a module at a time, so one file starts sooner than kit's and
// yargs's hundreds. Packages with native code or files of their own beside them (swc, esbuild,
// rolldown, TypeScript 7, chokidar), those kit loads by require and those listhen loads only
// for what kit does not ask of it stay where npm put them. Also bundles the browser runtime
// the preview page loads (lib/runtime/runtime.js), and React Fast Refresh's runtime for React
// previews (lib/runtime/react-refresh.js), so the service serves files.
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
    '@swc/core', 'esbuild', 'rolldown', 'postcss', 'postcss-value-parser', 'typescript-native', 'chokidar',
    '@babel/code-frame', 'semver', 'jsonc-parser',
    // What listhen loads only for features kit does not use (a tunnel, the clipboard, its own watcher).
    'crossws', 'untun', 'tinyclip', 'jiti', '@parcel/watcher', '@parcel/watcher-wasm',
  ],
  plugins: [{
    name: 'no-https',
    setup(build) {
      build.onResolve({ filter: /^node-forge$/ }, () => ({ path: fileURLToPath(new URL('no-https.js', import.meta.url)) }));
    },
  }],
  // The CommonJS packages inside (http-shutdown, picocolors) require node's own modules.
  banner: { js: "import { createRequire as __kitRequire } from 'node:module'; const require = __kitRequire(import.meta.url);" },
  logLevel: 'warning',
});

await build({
  entryPoints: [fileURLToPath(new URL('../serve/runtime/runtime.ts', import.meta.url))],
  outfile: `${lib}runtime/runtime.js`,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
});

// React Fast Refresh's runtime (react-refresh, CommonJS), which a React preview loads first.
await build({
  entryPoints: [fileURLToPath(new URL('../serve/runtime/react-refresh-entry.ts', import.meta.url))],
  outfile: `${lib}runtime/react-refresh.js`,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  define: { 'process.env.NODE_ENV': '"development"' },
  logLevel: 'warning',
});
