import { createHash } from 'node:crypto';
import { mediaTypeOf } from '../bundle/assets.js';
import { KIT } from '../version.js';

/** One file of the emit, relative to its package's distribution directory. */
export interface Output {
  file: string;
  mediaType: string;
  bytes: number;
  digest: string;
}

/** What a deploy step needs to verify a file it uploads. */
export function describeOutput(file: string, data: string | Buffer): Output {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  return { file, mediaType: mediaTypeOf(file), bytes: buffer.length, digest: integrityOf(buffer) };
}

/** The `kit-distribution.json` of one package (CONTRACT §6). */
export function distributionFile(pkg: { name: string; version: string }, modules: object[], extra: object = {}) {
  return {
    protocol: 'kit-distribution/1',
    package: { name: pkg.name, version: pkg.version },
    compiler: { name: 'kit', version: KIT.version },
    ...extra,
    modules,
  };
}

/** A file's `sha256-<base64>` digest, as `kit-distribution.json`, import maps and `integrity` attributes name it. */
export function integrityOf(data: string | Buffer): string {
  return `sha256-${createHash('sha256').update(data).digest('base64')}`;
}
