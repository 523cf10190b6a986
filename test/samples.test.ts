import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SampleConfig } from './helpers/sample.js';
import { DEV, PROD } from './helpers/server.js';
import { REPO, copySample, removeWorkspaces } from './helpers/workspace.js';
import { createInProcessService } from './serve/in-process-service.js';

// Each test/samples/<case>/_config.ts names requests and the answers they get, from the
// sample's service in this process; a 200's body is held against snapshots/<case>/.

afterAll(removeWorkspaces);

const SAMPLES = join(REPO, 'test', 'samples');
const cases = readdirSync(SAMPLES).filter((name) => existsSync(join(SAMPLES, name, '_config.ts')));

/** The body as a person reviews it: an inline source map stands as a placeholder, JSON is indented. */
function readable(body: string, type: string): { text: string; extension: string } {
  if (type.startsWith('application/json')) return { text: `${JSON.stringify(JSON.parse(body), null, 2)}\n`, extension: 'json' };
  const text = body.replace(/(sourceMappingURL=)data:[^\s*]+/g, '$1<inline map>');
  return { text, extension: type.startsWith('text/css') ? 'css' : 'js' };
}

describe.each(cases)('%s', (name) => {
  test('answers each request of its _config.ts as written', async () => {
    const { default: config } = (await import(join(SAMPLES, name, '_config.ts'))) as { default: SampleConfig };
    expect(config.requests.length).toBeGreaterThan(0);
    // Inside the checkout: the packages the samples import (preact, Tailwind) are installed there.
    const service = createInProcessService(copySample(name, { insideRepo: true }));
    try {
      for (const request of config.requests) {
        const response = await service.request(request.target.replace('{dev}', DEV).replace('{prod}', PROD));
        const body = await response.text();
        expect(response.status, `${request.target}: ${body.slice(0, 400)}`).toBe(request.status);
        if (request.error) {
          const { error } = JSON.parse(body) as { error: { code: string; diagnostics?: { code: string }[] } };
          expect(error.code).toBe(request.error.code);
          if (request.error.diagnostics) expect(error.diagnostics?.map((d) => d.code)).toEqual(request.error.diagnostics);
          continue;
        }
        const { text, extension } = readable(body, response.headers.get('content-type') ?? '');
        await expect(text).toMatchFileSnapshot(join(REPO, 'snapshots', name, `${request.name}.${extension}`));
      }
    } finally {
      await service.close();
    }
  });
});
