/**
 * Bodies as bytes, by digest: a warm artifact is encoded once, not measured and encoded on
 * every request. The text is kept to compare with (the same string, as a cache hands it out,
 * compares at once): a digest names a build, and `/u/` sends another text under the same one.
 */
const bodies = new Map<string, { text: string; bytes: Buffer }>();
const BODIES_LIMIT = 16 * 1024 * 1024;
let bodiesSize = 0;

/** The bytes of `text`, the artifact whose digest is `digest`: encoded once while it is among the recent ones. */
export function encodedBody(text: string, digest: string): Buffer {
  let body = bodies.get(digest);
  if (body) bodies.delete(digest); // most recently used last
  if (body?.text !== text) {
    if (body) bodiesSize -= body.bytes.length;
    body = { text, bytes: Buffer.from(text) };
    bodiesSize += body.bytes.length;
    for (const [old, { bytes }] of bodies) {
      if (bodiesSize <= BODIES_LIMIT) break;
      bodies.delete(old);
      bodiesSize -= bytes.length;
    }
  }
  bodies.set(digest, body);
  return body.bytes;
}
