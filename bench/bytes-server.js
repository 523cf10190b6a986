// node bench/bytes-server.js <h3|node> <file>: answers every request with the bytes of <file>
// as JavaScript, through h3 + listhen as `kit run` listens, or through bare node:http; prints its URL.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createApp, eventHandler, setResponseHeader, toNodeListener } from 'h3';
import { listen } from 'listhen';

const [kind, file] = process.argv.slice(2);
const body = readFileSync(file);
let url;
if (kind === 'h3') {
  const app = createApp().use(eventHandler((event) => {
    setResponseHeader(event, 'content-type', 'text/javascript; charset=utf-8');
    return body;
  }));
  const listener = await listen(toNodeListener(app), { hostname: '127.0.0.1', port: { port: 0, random: true }, showURL: false, open: false, clipboard: false, qr: false, tunnel: false, autoClose: false, isProd: true });
  url = `http://127.0.0.1:${listener.server.address().port}/`;
} else {
  const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${server.address().port}/`;
}
console.log(url);
process.on('SIGTERM', () => process.exit(0));
