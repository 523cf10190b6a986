// Vite 7 serving a bench workspace's sources, bare specifiers aliased to them; prints its URL.
import { createServer } from 'vite';

const [root] = process.argv.slice(2);
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
