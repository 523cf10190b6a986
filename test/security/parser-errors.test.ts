import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(copySample('shop'));
});
afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

/** Writes `head` (bytes as given) on a raw socket; resolves with the whole answer and whether the server closed. */
function rawRequest(head: Buffer | string): Promise<{ answer: string; closed: boolean }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    let ended = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => (ended = true));
    socket.on('close', () => resolve({ answer, closed: ended || answer.length > 0 }));
    socket.on('error', (error) => (answer ? resolve({ answer, closed: true }) : reject(error)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
  });
}

/** The status line, the headers (lower-cased names) and the body of an HTTP/1.1 answer. */
function parse(answer: string) {
  const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), answer.slice(answer.indexOf('\r\n\r\n') + 4)];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body };
}

function expectJsonError(answer: string, status: number, code: string) {
  const response = parse(answer);
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers.connection).toBe('close');
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body, 'latin1'));
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message.length).toBeGreaterThan(0);
}

const request = (target: Buffer) => Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]);

test.each([
  ['a raw non-ASCII byte in the path', request(Buffer.from([0x2f, 0x73, 0x74, 0xe9, 0x74, 0x65]))],
  ['raw UTF-8 in the path', request(Buffer.from('/preview/café', 'utf8'))],
  ['a control character in the path', request(Buffer.from('/st\x01ate', 'latin1'))],
  ['a space inside the target', Buffer.from('GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')],
  ['a malformed header line', Buffer.from('GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n')],
  ['not HTTP at all', Buffer.from('\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n', 'latin1')],
])('%s: 400 REQUEST_INVALID in the JSON error shape, and the connection closes', async (_name, head) => {
  const { answer, closed } = await rawRequest(head);
  expectJsonError(answer, 400, 'REQUEST_INVALID');
  expect(closed).toBe(true);
});

test('headers too large: 431 in the same shape, and the service goes on', async () => {
  const { answer } = await rawRequest(`GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`);
  expectJsonError(answer, 431, 'HEADERS_TOO_LARGE');
  const next = await rawRequest('GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(parse(next.answer).status).toBe(200);
});

test('a bad request after a good one on a kept-alive connection is answered after the good answer', async () => {
  const { answer } = await rawRequest(Buffer.concat([Buffer.from('GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), request(Buffer.from([0x2f, 0xff]))]));
  expect(answer.startsWith('HTTP/1.1 200 ')).toBe(true);
  const second = answer.slice(answer.indexOf('HTTP/1.1 400 '));
  expect(second).not.toBe('');
  expectJsonError(second, 400, 'REQUEST_INVALID');
});

test('a client that resets mid-request leaves the service answering', async () => {
  const { hostname, port } = new URL(server.url);
  await new Promise<void>((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write('GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
      socket.resetAndDestroy();
      resolve();
    });
  });
  const next = await rawRequest('GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect(parse(next.answer).status).toBe(200);
  expect(server.process.exitCode).toBeNull();
});
