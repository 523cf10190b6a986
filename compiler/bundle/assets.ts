import mime from 'mime';

/** The media type a file is served and listed with, from its extension; text gets a charset. */
export function mediaTypeOf(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}
