import { createHash } from 'node:crypto';

/** A content digest, hex: what cache keys, artifact hashes and remote-cache addresses are made of. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
