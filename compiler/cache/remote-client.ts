import { sha256 } from './digest.js';

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

/** A server silent this long (no connection, no answer, or an answer that stops) is given up. */
const SILENCE_TIMEOUT_MS = 5000;
/** A request not finished by then is given up however its bytes trickle in. */
const REQUEST_TIMEOUT_MS = 10_000;
/** After this many failures in a row the cache is left alone for the rest of the run. */
const FAILURES_TO_GIVE_UP = 3;
/** Requests under way at once: enough to keep a reader's lookups (a round trip each) overlapping, not a connection for each of a build's hundreds. */
const MAX_REQUESTS = 32;

/** Why a request did not give an answer to use: each kind is told once. */
export type Trouble = 'unreachable' | 'timeout' | 'refused' | 'server' | 'unverified';

interface Answer {
  status: number;
  body: Buffer;
}

/**
 * Bazel's HTTP/1.1 remote-cache protocol over the platform's fetch: `GET`/`PUT
 * <url>/cas/<sha256>` for bodies (checked against their digest) and `<url>/ac/<sha256>` for
 * action results. Never throws and never waits long: a failure is a miss (or an upload not
 * made) and a `Trouble`.
 */
export class RemoteClient {
  private failures = 0;
  private closed = false;
  private readonly base: URL;
  /** The URL's credentials as a header: fetch refuses a URL that carries them. */
  private readonly authorization: Record<string, string> = {};
  /** Requests under way, ended by `close()`; those waiting for a place among them. */
  private readonly running = new Set<AbortController>();
  private readonly waiting: (() => void)[] = [];
  private places = 0;

  constructor(
    readonly settings: RemoteCacheSettings,
    private readonly onTrouble: (kind: Trouble, detail: string) => void,
  ) {
    this.base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
    if (this.base.username || this.base.password) {
      const credentials = `${decodeCredential(this.base.username)}:${decodeCredential(this.base.password)}`;
      this.authorization = { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
    }
    this.base.username = '';
    this.base.password = '';
  }

  /** Ends the requests under way and refuses new ones: a finished command must not wait for the server. */
  close(): void {
    this.closed = true;
    // Each request ended hands its place to one waiting, which then sees the client closed.
    for (const controller of this.running) controller.abort();
  }

  get usable(): boolean {
    return this.failures < FAILURES_TO_GIVE_UP;
  }

  /** The body at `<kind>/<hash>`; for `cas`, only if it hashes to `hash`. Undefined on a miss or any failure. */
  async get(kind: 'ac' | 'cas', hash: string): Promise<Buffer | undefined> {
    const answer = await this.send('GET', `${kind}/${hash}`);
    if (!answer || answer.status === 404) return undefined;
    if (answer.status !== 200) return this.fail('server', `GET ${kind}/${hash} answered ${answer.status}`);
    // A damaged or swapped blob: a miss, and said once.
    if (kind === 'cas' && sha256(answer.body) !== hash) return void this.onTrouble('unverified', `the blob cas/${hash} does not hash to its digest (a corrupt or tampered entry), so it was not used`);
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

  /** One request once a place is free, unless the cache was given up or closed meanwhile. */
  private async send(method: 'GET' | 'PUT', path: string, body?: Buffer): Promise<Answer | undefined> {
    if (!this.usable || this.closed) return undefined;
    if (this.places < MAX_REQUESTS) this.places++;
    else await new Promise<void>((next) => this.waiting.push(next));
    const controller = new AbortController();
    try {
      if (!this.usable || this.closed) return undefined;
      this.running.add(controller);
      return await this.exchange(controller, method, path, body);
    } finally {
      this.running.delete(controller);
      const next = this.waiting.shift();
      if (next) next(); // the place goes to the next request as it is
      else this.places--;
    }
  }

  private async exchange(controller: AbortController, method: 'GET' | 'PUT', path: string, body?: Buffer): Promise<Answer | undefined> {
    let timedOut: string | undefined;
    const stop = (why: string) => {
      timedOut = why;
      controller.abort();
    };
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => stop(`no answer for ${SILENCE_TIMEOUT_MS / 1000} s`), SILENCE_TIMEOUT_MS);
    };
    const deadline = setTimeout(() => stop(`no complete answer within ${REQUEST_TIMEOUT_MS / 1000} s`), REQUEST_TIMEOUT_MS);
    heard();
    try {
      const response = await fetch(new URL(path, this.base), {
        method,
        headers: { ...this.settings.headers, ...this.authorization, ...(body ? { 'Content-Type': 'application/octet-stream' } : {}) },
        body: body as BodyInit | undefined, // bytes of a known length: fetch sends Content-Length
        redirect: 'manual', // a cache that redirects is misconfigured: its 3xx is a failure, as any other answer
        signal: controller.signal,
      });
      const chunks: Uint8Array[] = [];
      heard();
      for await (const chunk of response.body ?? []) {
        heard();
        chunks.push(chunk);
      }
      if (response.status < 500) this.failures = 0;
      return { status: response.status, body: Buffer.concat(chunks) };
    } catch (error) {
      if (timedOut) return this.fail('timeout', timedOut);
      if (this.closed) return undefined;
      return this.fail('unreachable', describe(error, this.base));
    } finally {
      clearTimeout(silence);
      clearTimeout(deadline);
    }
  }
}

/** A user name or password as the URL gives it, percent-escapes undone where they are well formed. */
function decodeCredential(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What went wrong with a request, in a few words: fetch's own message is only "fetch failed". */
function describe(error: unknown, base: URL): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  if (cause?.message === 'bad port') return `fetch refuses port ${base.port} (a "bad port" of the Fetch standard); serve the cache on another port`;
  return cause?.message || cause?.code || (error as Error).message || String(error);
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
