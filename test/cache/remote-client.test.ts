import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { describe, expect, test, type TestContext } from 'vitest';
import { RemoteClient, type Trouble } from '../../lib/compiler/cache/remote-client.js';
import { freePort } from '../helpers/nginx.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** An HTTP server on 127.0.0.1, closed when the test ends, with `handle` as its requests' handler, and what it was sent. */
async function serve({ onTestFinished }: TestContext, handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      handle(request, response);
    });
  });
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/cache/`, seen };
}

/** A TCP server that takes connections and never says a word, closed when the test ends. */
async function serveSilence({ onTestFinished }: TestContext): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => sockets.add(socket));
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
}

function client(url: string, headers: Record<string, string> = {}) {
  const troubles: [Trouble, string][] = [];
  const remote = new RemoteClient({ url, headers, write: true }, (kind, detail) => troubles.push([kind, detail]));
  return { remote, troubles };
}

describe('RemoteClient over fetch', () => {
  test('headers from the settings, the URL\'s credentials as Basic auth, Content-Length and the body on PUT', async (t) => {
    const server = await serve(t, (_request, response) => response.writeHead(201).end());
    const { remote, troubles } = client(server.url.replace('http://', 'http://ci:s%40cret@'), { 'X-Team': 'web' });
    const body = Buffer.from('a blob');
    expect(await remote.put('cas', sha256(body), body)).toBe(true);
    const [put] = server.seen;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`/cache/cas/${sha256(body)}`);
    expect(put.headers['x-team']).toBe('web');
    expect(put.headers.authorization).toBe(`Basic ${Buffer.from('ci:s@cret').toString('base64')}`);
    expect(put.headers['content-length']).toBe(String(body.length));
    expect(put.headers['transfer-encoding']).toBeUndefined();
    expect(put.body).toEqual(body);
    expect(troubles).toEqual([]);
    remote.close();
  });

  test('a CAS body is used only if it hashes to its digest, and one that does not is said; an AC body is taken as it is; a 404 is a miss, not a trouble', async (t) => {
    const blob = Buffer.from('the value');
    const server = await serve(t, (request, response) => {
      if (request.url === `/cache/cas/${sha256(blob)}`) response.end(blob);
      else if (request.url === `/cache/cas/${sha256('other')}`) response.end(blob); // a blob stored under another digest
      else if (request.url === '/cache/ac/1234') response.end('not hashed');
      else response.writeHead(404).end('no such entry');
    });
    const { remote, troubles } = client(server.url);
    expect(await remote.get('cas', sha256(blob))).toEqual(blob);
    expect(await remote.get('cas', sha256('other'))).toBeUndefined();
    expect(troubles).toEqual([['unverified', expect.stringContaining(`cas/${sha256('other')} does not hash to its digest`)]]);
    expect(await remote.get('ac', '1234')).toEqual(Buffer.from('not hashed'));
    expect(await remote.get('ac', 'missing')).toBeUndefined();
    expect(troubles).toHaveLength(1);
    remote.close();
  });

  test('a refused connection is "unreachable"; after 3 failures in a row nothing more is sent', async (t) => {
    const refused = client(`http://127.0.0.1:${await freePort()}/`);
    expect(await refused.remote.get('ac', 'x')).toBeUndefined();
    expect(refused.troubles).toEqual([['unreachable', expect.stringMatching(/ECONNREFUSED/)]]);
    // A port the Fetch standard blocks (discard, X11, IRC…) says so.
    const blocked = client('http://127.0.0.1:6000/');
    expect(await blocked.remote.get('ac', 'x')).toBeUndefined();
    expect(blocked.troubles).toEqual([['unreachable', expect.stringMatching(/^fetch refuses port 6000 .*another port$/)]]);

    const server = await serve(t, (request, response) => response.writeHead(request.url!.includes('ok') ? 404 : 503).end());
    const { remote, troubles } = client(server.url);
    // A server that answers below 500 between failures resets the count.
    for (const path of ['a', 'b', 'ok', 'c', 'd']) await remote.get('ac', path);
    expect(remote.usable).toBe(true);
    await remote.get('ac', 'e');
    expect(remote.usable).toBe(false);
    expect(await remote.put('cas', 'f', Buffer.from('f'))).toBe(false);
    expect(server.seen.map((r) => r.url.slice('/cache/ac/'.length))).toEqual(['a', 'b', 'ok', 'c', 'd', 'e']);
    expect(troubles.map(([kind]) => kind)).toEqual(['server', 'server', 'server', 'server', 'server']);
    expect(troubles[0][1]).toBe('GET ac/a answered 503');
  });

  test('a PUT refused (401, 403, 413) is "refused"', async (t) => {
    const server = await serve(t, (request, response) => response.writeHead(Number(request.url!.split('/').pop())).end());
    const { remote, troubles } = client(server.url);
    for (const status of ['401', '403', '413']) expect(await remote.put('cas', status, Buffer.from('x'))).toBe(false);
    expect(troubles).toEqual([['refused', 'PUT cas/401 answered 401'], ['refused', 'PUT cas/403 answered 403'], ['refused', 'PUT cas/413 answered 413']]);
  });

  test('at most 32 requests at once; the others wait for a place', async (t) => {
    const held: ServerResponse[] = [];
    let holding = true;
    const server = await serve(t, (_request, response) => (holding ? held.push(response) : response.writeHead(404).end()));
    const { remote } = client(server.url);
    const answers = Promise.all(Array.from({ length: 40 }, (_, i) => remote.get('ac', String(i))));
    await expect.poll(() => held.length).toBe(32);
    expect(server.seen).toHaveLength(32);
    held.shift()!.writeHead(404).end();
    await expect.poll(() => server.seen.length).toBe(33);
    expect(held).toHaveLength(32);
    holding = false;
    for (const response of held.splice(0)) response.writeHead(404).end();
    expect(await answers).toEqual(Array(40).fill(undefined));
    expect(server.seen).toHaveLength(40);
    remote.close();
  });

  test('a redirect is not followed: the cache answered something else than the entry', async (t) => {
    const server = await serve(t, (request, response) => response.writeHead(request.url!.endsWith('/moved') ? 200 : 302, { Location: '/cache/ac/moved' }).end('moved'));
    const { remote, troubles } = client(server.url);
    expect(await remote.get('ac', 'x')).toBeUndefined();
    expect(server.seen.map((r) => r.url)).toEqual(['/cache/ac/x']);
    expect(troubles).toEqual([['server', 'GET ac/x answered 302']]);
  });

  test.concurrent('a server that never answers is a "timeout" after 5 s of silence', async (t) => {
    const { remote, troubles } = client(await serveSilence(t));
    const started = Date.now();
    expect(await remote.get('ac', 'x')).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(7000);
    expect(troubles).toEqual([['timeout', 'no answer for 5 s']]);
  }, 15_000);

  test.concurrent('a server that trickles its answer a byte at a time is a "timeout" within 10 s', async (t) => {
    let trickle: NodeJS.Timeout | undefined;
    const server = await serve(t, (_request, response) => {
      response.writeHead(200, { 'Content-Length': '1000' });
      trickle = setInterval(() => response.write('x'), 1000);
      response.on('close', () => clearInterval(trickle));
    });
    const { remote, troubles } = client(server.url);
    const started = Date.now();
    try {
      expect(await remote.get('ac', 'x')).toBeUndefined();
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(9900);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(troubles).toEqual([['timeout', 'no complete answer within 10 s']]);
  }, 20_000);

  test.concurrent('close() ends the requests under way at once, with no trouble, and refuses new ones', async (t) => {
    const { remote, troubles } = client(await serveSilence(t));
    const pending = remote.get('ac', 'x');
    const started = Date.now();
    remote.close();
    expect(await pending).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await remote.get('ac', 'y')).toBeUndefined();
    expect(troubles).toEqual([]);
  });
});
