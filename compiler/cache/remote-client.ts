import { sha256 } from './digest.js';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** How a remote cache is reached: its URL, the headers sent with every request, whether kit may write. */
export interface RemoteCacheSettings {
  url: string;
  headers: Record<string, string>;
  write: boolean;
  /** Rebuild instead of trusting hits, and report what differs. */
  verify?: boolean;
  /** `KIT_REMOTE_CACHE_SIGNATURE_KEY`: entries are signed and checked with it. */
  signatureKey?: string;
}

const CONNECT_TIMEOUT_MS = 3000;
const IDLE_TIMEOUT_MS = 5000;
/** After this many failures in a row the cache is left alone for the rest of the run. */
const FAILURES_TO_GIVE_UP = 3;

/** Why a request did not give an answer to use: each kind is told once. */
export type Trouble = 'unreachable' | 'timeout' | 'refused' | 'server';

/**
 * Bazel's HTTP/1.1 remote-cache protocol: `GET`/`PUT <url>/cas/<sha256>` for bodies (checked
 * against their digest as they arrive) and `<url>/ac/<sha256>` for action results. Never
 * throws and never waits long: a failure is a miss (or an upload not made) and a `Trouble`.
 */
export class RemoteClient {
  private failures = 0;
  /** Connections kept open between requests: an entry is three of them, a build hundreds. */
  private readonly agent: HttpAgent;

  constructor(
    readonly settings: RemoteCacheSettings,
    private readonly onTrouble: (kind: Trouble, detail: string) => void,
  ) {
    const options = { keepAlive: true, maxSockets: 8 };
    this.agent = settings.url.startsWith('https:') ? new HttpsAgent(options) : new HttpAgent(options);
  }

  /** Closes the kept connections: a finished command must not wait for the server to close them. */
  close(): void {
    this.agent.destroy();
  }

  get usable(): boolean {
    return this.failures < FAILURES_TO_GIVE_UP;
  }

  /** The body at `<kind>/<hash>`; for `cas`, only if it hashes to `hash`. Undefined on a miss or any failure. */
  async get(kind: 'ac' | 'cas', hash: string): Promise<Buffer | undefined> {
    const answer = await this.send('GET', `${kind}/${hash}`);
    if (!answer || answer.status === 404) return undefined;
    if (answer.status !== 200) return this.fail('server', `GET ${kind}/${hash} answered ${answer.status}`);
    if (kind === 'cas' && sha256(answer.body) !== hash) return undefined; // a damaged or swapped blob: a miss
    return answer.body;
  }

  /** Stores `body` at `<kind>/<hash>`; true once the server took it. */
  async put(kind: 'ac' | 'cas', hash: string, body: Buffer): Promise<boolean> {
    const answer = await this.send('PUT', `${kind}/${hash}`, body);
    if (!answer) return false;
    if (answer.status >= 200 && answer.status < 300) return true;
    this.fail(answer.status === 401 || answer.status === 403 || answer.status === 413 ? 'refused' : 'server', `PUT ${kind}/${hash} answered ${answer.status}`);
    return false;
  }

  private fail(kind: Trouble, detail: string): undefined {
    this.failures++;
    this.onTrouble(kind, detail);
    return undefined;
  }

  private send(method: 'GET' | 'PUT', path: string, body?: Buffer): Promise<{ status: number; body: Buffer } | undefined> {
    if (!this.usable) return Promise.resolve(undefined);
    const url = new URL(path, this.settings.url.endsWith('/') ? this.settings.url : `${this.settings.url}/`);
    const auth = url.username ? { Authorization: `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}` } : {};
    url.username = '';
    url.password = '';
    const headers = { ...this.settings.headers, ...auth, ...(body ? { 'Content-Length': String(body.length), 'Content-Type': 'application/octet-stream' } : {}) };
    return new Promise((resolve) => {
      let settled = false;
      const done = (value: { status: number; body: Buffer } | undefined, trouble?: [Trouble, string]) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        if (trouble) this.fail(...trouble);
        else if (value && value.status < 500) this.failures = 0;
        resolve(value);
      };
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method, headers, agent: this.agent }, (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', (error) => done(undefined, ['unreachable', error.message]));
      });
      const connectTimer = setTimeout(() => {
        request.destroy();
        done(undefined, ['timeout', `no connection within ${CONNECT_TIMEOUT_MS / 1000} s`]);
      }, CONNECT_TIMEOUT_MS);
      // A kept connection is connected already; a new one says so when it is.
      request.on('socket', (socket) => (socket.connecting ? socket.once('connect', () => clearTimeout(connectTimer)) : clearTimeout(connectTimer)));
      request.setTimeout(IDLE_TIMEOUT_MS, () => {
        request.destroy();
        done(undefined, ['timeout', `no answer for ${IDLE_TIMEOUT_MS / 1000} s`]);
      });
      request.on('error', (error: NodeJS.ErrnoException) => done(undefined, ['unreachable', error.code ?? error.message]));
      request.end(body);
    });
  }
}

/**
 * The settings from the command line and the environment (`KIT_REMOTE_CACHE`,
 * `KIT_REMOTE_CACHE_WRITE=1`), or why they cannot be used: credentials travel in the URL only
 * over https or to this machine.
 */
export function remoteCacheSettings(options: { url?: string; write?: boolean; headers?: string[]; verify?: boolean }, env: NodeJS.ProcessEnv = process.env): { ok: true; settings?: RemoteCacheSettings } | { ok: false; reason: string } {
  const raw = options.url ?? env.KIT_REMOTE_CACHE;
  if (!raw) return { ok: true };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `--remote-cache ${raw} is not a URL; give the cache's http(s) address` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `--remote-cache ${raw} is not an http(s) URL` };
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if ((url.username || url.password) && url.protocol !== 'https:' && !loopback) return { ok: false, reason: 'credentials in --remote-cache travel in the clear over http: use https, or --remote-cache-header "Authorization: …"' };
  const headers: Record<string, string> = {};
  for (const header of options.headers ?? []) {
    const colon = header.indexOf(':');
    if (colon < 1) return { ok: false, reason: `--remote-cache-header "${header}" is not "Name: value"` };
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const write = options.write === true || env.KIT_REMOTE_CACHE_WRITE === '1';
  return { ok: true, settings: { url: url.href, headers, write, verify: options.verify, signatureKey: env.KIT_REMOTE_CACHE_SIGNATURE_KEY || undefined } };
}
