import { readRawBody, type H3Event } from 'h3';
import { refuse, type Answer } from './answer.js';
import { requestHeader } from './request.js';

/**
 * The JSON body of a POST the runtime sends (a position to open, an error the page threw):
 * `application/json` only, since a form, which any site may post without asking, cannot send
 * it; at most `maxBytes`. Undefined as the value when it is too large or not JSON.
 */
export async function readJsonBody(event: H3Event, maxBytes: number, shape: string): Promise<{ value: unknown } | { refused: Answer }> {
  if (!/^application\/json\s*(;|$)/i.test(requestHeader(event, 'content-type') ?? '')) {
    return { refused: refuse('UNSUPPORTED_MEDIA_TYPE', `send it as JSON, with content-type: application/json: ${shape}`) };
  }
  if (Number(requestHeader(event, 'content-length') ?? 0) > maxBytes) return { value: undefined };
  try {
    return { value: JSON.parse((await readRawBody(event, 'utf8')) ?? '') as unknown };
  } catch {
    return { value: undefined };
  }
}
