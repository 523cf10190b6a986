// node bench/vite-server.js <root> [7|8] [bundled|checker]: Vite (8 by default; 7 is the `vite7`
// alias, 8 the `vite8` alias of bench/package.json) serving a bench workspace's sources, bare
// specifiers aliased to them; with `bundled`, Vite 8's bundled development mode
// (`experimental.bundledDev`: one rolldown pass over the app, none of kit's per-module
// addresses); with `checker`, vite-plugin-checker type-checking with TypeScript as it serves (the
// way Vite users get type errors in development), on the tsconfig the parts check with when
// there is one; prints its URL.
const [root, major = '8', mode] = process.argv.slice(2);
const { createServer } = await import(major === '7' ? 'vite7' : 'vite8');
const { existsSync } = await import('node:fs');
const plugins = [];
if (mode === 'checker') {
  const { checker } = await import('vite-plugin-checker');
  const floor = `${root}/tsconfig.floor.json`;
  plugins.push(checker({ typescript: { tsconfigPath: existsSync(floor) ? floor : `${root}/tsconfig.json` }, terminal: false, enableBuild: false, overlay: false }));
}
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'silent',
  server: { host: '127.0.0.1', port: 0 },
  resolve: { alias: [{ find: /^@(bench|shop)\/([^/]+)\/([^/]+)$/, replacement: `${root}/packages/$2/$3/index.ts` }] },
  optimizeDeps: { noDiscovery: true, include: [] },
  plugins,
  ...(mode === 'bundled' ? { experimental: { bundledDev: true } } : {}),
});
await server.listen();
console.log(server.resolvedUrls.local[0]);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
