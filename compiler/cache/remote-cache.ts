import { createHmac } from 'node:crypto';
import type { OutputFile } from './action-result.js';
import { recordInput, type InputRecord } from './inputs.js';
import { ContentKeys, splitByKey, type ContentKey, type KeyedReach } from './content-key.js';
import { sha256 } from './digest.js';
import { RemoteClient, type RemoteCacheSettings, type Trouble } from './remote-client.js';
import { KIT_HOME } from '../version.js';

/**
 * What a remote entry holds beside the value: the key it was made for, the inputs it was built
 * from, a signature. Of the inputs the key covers only the paths: their content is the key's.
 * Those it does not cover (a stylesheet's partials, say) with their content digest.
 */
interface Manifest {
  key: string;
  covered: string[];
  inputs: { path: string; hash: string }[];
  tag?: string;
}

const FORMAT = 'kit-remote/2';

/** REAPI's messages, loaded with the first entry read or written: a command without a remote cache never loads protobuf. */
const codec = () => import('./action-result.js');
const MANIFEST = 'kit-manifest.json';
const VALUE = 'kit-value.json';
const ROOT = '<workspace>';
/** Entries whose blobs together are at most this size inline them (a module's code and map, most often). */
const INLINE_LIMIT = 512 * 1024;
const KIT = '<kit>';

/**
 * The remote tier of the artifact caches, on Bazel's HTTP cache protocol. One entry per
 * artifact key (a module, its options): an `ActionResult` under `/ac/<sha256 of the key>`
 * listing two blobs, the value and a manifest naming the key and the inputs (with the content
 * digest of each the key does not cover), both under `/cas/` and, for entries up to 512 KiB,
 * inlined in the entry. A hit is used only when every blob hashes to its digest, the manifest
 * names the key asked for (and carries a good signature, with a signature key), every input it
 * names is covered by this checkout's key or has that content here. Paths are relative to the
 * workspace (and kit's own files to kit), so two checkouts at different places share entries.
 */
export class RemoteCache {
  readonly stats = { hits: 0, misses: 0, uploads: 0 };
  /** Modules whose bytes differed from the remote cache's (`--remote-cache-verify`). */
  readonly differing: string[] = [];
  private readonly client: RemoteClient;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly keys = new ContentKeys((path) => this.portable(path));

  constructor(
    settings: RemoteCacheSettings,
    private readonly root: string,
    private readonly tools: string,
    private readonly onTrouble: (kind: Trouble, detail: string) => void,
  ) {
    this.client = new RemoteClient(settings, onTrouble);
  }

  /**
   * The content part of an action key: the digest of what `reach` covers and of every other
   * file's content, the paths as any checkout names them. Two checkouts with the same files
   * give the same digest; an edited file, another.
   */
  contentKey({ reach, files }: { reach?: KeyedReach; files: Iterable<string> }): ContentKey {
    return this.keys.key(reach, files);
  }

  get settings(): RemoteCacheSettings {
    return this.client.settings;
  }

  /**
   * The value kept for `key`, when a verified entry matches this workspace, and the records of
   * its inputs: those `content` covers as the key was made from them, and the others the entry lists.
   */
  async lookup<T>(key: string, content?: ContentKey): Promise<{ value: T; inputs: InputRecord[] } | undefined> {
    const found = await this.fetch<T>(key, content);
    if (found) this.stats.hits++;
    else this.stats.misses++;
    return found;
  }

  private async fetch<T>(key: string, content?: ContentKey): Promise<{ value: T; inputs: InputRecord[] } | undefined> {
    const portableKey = this.portable(key);
    const action = await this.client.get('ac', this.actionHash(portableKey));
    if (!action) return undefined;
    let outputs: OutputFile[];
    try {
      outputs = (await codec()).decodeActionResult(action);
    } catch {
      return undefined;
    }
    const blob = async (path: string) => {
      const output = outputs.find((o) => o.path === path);
      if (!output?.contents) return output && this.client.get('cas', output.hash);
      // Inlined: one request for the entry. Bytes that do not hash to their digest are no entry.
      if (sha256(output.contents) === output.hash) return output.contents;
      this.onTrouble('unverified', `an entry's inlined ${path} does not hash to its digest (a corrupt or tampered entry), so it was not used`);
      return undefined;
    };
    const [manifestBytes, valueBytes] = await Promise.all([blob(MANIFEST), blob(VALUE)]);
    if (!manifestBytes || !valueBytes) return undefined;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
      if (!Array.isArray(manifest.covered) || !Array.isArray(manifest.inputs)) return undefined;
    } catch {
      return undefined;
    }
    // A replayed or swapped entry names another key; an unsigned or badly signed one is refused when entries are signed.
    if (manifest.key !== portableKey) {
      this.onTrouble('unverified', 'an entry names another key than the one asked for (copied or replayed), so it was not used');
      return undefined;
    }
    if (this.settings.signatureKey && manifest.tag !== this.sign(manifest, sha256(valueBytes))) {
      this.onTrouble('unverified', 'an entry has no good signature for this signature key, so it was not used');
      return undefined;
    }
    // What the key covers has the content the key names (as recorded when it was made); the rest is compared here.
    const keyRecords = new Map(content?.covered().map((record) => [record.path, record]));
    const covered = manifest.covered.map((path) => keyRecords.get(this.local(path)));
    if (covered.some((record) => !record)) return undefined;
    const read = manifest.inputs.map((input) => ({ record: recordInput(this.local(input.path)).record, hash: input.hash }));
    if (read.some(({ record, hash }) => record.hash !== hash)) return undefined;
    try {
      return { value: JSON.parse(this.local(valueBytes.toString('utf8'))) as T, inputs: [...(covered as InputRecord[]), ...read.map((r) => r.record)] };
    } catch {
      return undefined;
    }
  }

  /**
   * Uploads a value built here from `records`, in the background: blobs first, then the entry
   * naming them. `content`: what the key covers, whose content the manifest need not list.
   */
  upload(key: string, value: unknown, records: readonly InputRecord[], content?: ContentKey): void {
    if (!this.settings.write || !this.client.usable) return;
    // An entry is for any checkout: an input outside the workspace and kit could not be matched elsewhere.
    if (records.some((r) => !this.isPortable(r.path))) return;
    const split = content ? splitByKey(content, records) : { covered: [], beyond: records };
    if (!split) return;
    const manifest: Manifest = { key: this.portable(key), covered: split.covered.map((r) => this.portable(r.path)), inputs: split.beyond.map((r) => ({ path: this.portable(r.path), hash: r.hash })) };
    const valueBytes = Buffer.from(this.portable(JSON.stringify(value)));
    if (this.settings.signatureKey) manifest.tag = this.sign(manifest, sha256(valueBytes));
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    const outputs = [
      { path: MANIFEST, bytes: manifestBytes },
      { path: VALUE, bytes: valueBytes },
    ].map((o) => ({ ...o, hash: sha256(o.bytes) }));
    const work = (async () => {
      for (const output of outputs) if (!(await this.client.put('cas', output.hash, output.bytes))) return;
      // Small entries carry their blobs too: a reader's hit is then one request, not an entry and two blobs after it.
      const inline = outputs.reduce((sum, o) => sum + o.bytes.length, 0) <= INLINE_LIMIT;
      const action = (await codec()).encodeActionResult(outputs.map((o) => ({ path: o.path, hash: o.hash, size: o.bytes.length, ...(inline ? { contents: o.bytes } : {}) })));
      if (await this.client.put('ac', this.actionHash(manifest.key), action)) this.stats.uploads++;
    })();
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** `--remote-cache-verify`: a module built here whose bytes differ from the remote entry's is reported. */
  async verify(key: string, label: string, value: unknown, content?: ContentKey): Promise<void> {
    const remote = await this.fetch<unknown>(key, content);
    if (remote && JSON.stringify(remote.value) !== JSON.stringify(value)) this.differing.push(label);
  }

  /** Waits for the uploads under way, at most `ms` (a command's exit never waits longer), then lets the connections go. */
  async flush(ms = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.pending]), new Promise((done) => (timer = setTimeout(done, ms)))]);
    clearTimeout(timer);
    this.client.close();
  }

  private actionHash(portableKey: string): string {
    return sha256(`${FORMAT}|${this.tools}|${portableKey}`);
  }

  private sign(manifest: Manifest, valueHash: string): string {
    return createHmac('sha256', this.settings.signatureKey!).update(`${manifest.key}\n${JSON.stringify(manifest.covered)}\n${JSON.stringify(manifest.inputs)}\n${valueHash}`).digest('hex');
  }

  private isPortable(path: string): boolean {
    return path.startsWith(`${this.root}/`) || path.startsWith(KIT_HOME);
  }

  /** Workspace and kit paths as placeholders: the same text in every checkout. */
  private portable(text: string): string {
    return text.split(`${this.root}/`).join(`${ROOT}/`).split(KIT_HOME).join(`${KIT}/`);
  }

  private local(text: string): string {
    return text.split(`${ROOT}/`).join(`${this.root}/`).split(`${KIT}/`).join(KIT_HOME);
  }
}
