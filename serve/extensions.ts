/** The service extensions `KIT_SERVICE_EXTENSIONS` may name. */
export const DEVELOPMENT_EXTENSION = '@kit-js/packages/development';
const KNOWN = [DEVELOPMENT_EXTENSION];

export type EnvironmentResult = { ok: true; development: boolean; cdnOrigin?: string } | { ok: false; reason: string };

/**
 * Reads the service extensions (`--extensions` when given, else `KIT_SERVICE_EXTENSIONS`)
 * and `KIT_CDN_ORIGIN`, refusing what cannot be right.
 */
export function readServiceEnvironment(env: NodeJS.ProcessEnv, extensions?: string): EnvironmentResult {
  const source = extensions === undefined ? 'KIT_SERVICE_EXTENSIONS' : '--extensions';
  const names = (extensions ?? env.KIT_SERVICE_EXTENSIONS ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !KNOWN.includes(n));
  if (unknown.length) return { ok: false, reason: `unknown service extension ${unknown.join(', ')} in ${source}; the known ones are ${KNOWN.join(', ')}` };
  const raw = env.KIT_CDN_ORIGIN?.trim();
  let cdnOrigin: string | undefined;
  if (raw) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, '')) {
      return { ok: false, reason: `KIT_CDN_ORIGIN must be an http(s) origin such as https://cdn.example.com, not "${raw}"` };
    }
    cdnOrigin = url.origin;
  }
  return { ok: true, development: names.includes(DEVELOPMENT_EXTENSION), cdnOrigin };
}
