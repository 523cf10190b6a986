// node bench/vite-server.js <root> [7|8]: Vite (8 by default; 7 is the `vite` package, 8 the
// `vite8` alias of bench/package.json) serving a bench workspace's sources, bare specifiers
// aliased to them; prints its URL.
const [root, major = '8'] = process.argv.slice(2);
const { createServer } = await import(major === '7' ? 'vite' : 'vite8');
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'silent',
  server: { host: '127.0.0.1', port: 0 },
  resolve: { alias: [{ find: /^@(bench|shop)\/([^/]+)\/([^/]+)$/, replacement: `${root}/packages/$2/$3/index.ts` }] },
  optimizeDeps: { noDiscovery: true, include: [] },
});
await server.listen();
console.log(server.resolvedUrls.local[0]);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
