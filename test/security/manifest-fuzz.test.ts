import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { useSampleServer } from '../helpers/server.js';

// Seeded, bounded and replayable: KIT_FUZZ_SEED=<seed> KIT_FUZZ_COUNT=<n> npx vitest run test/security/manifest-fuzz.test.ts
const SEED = Number(process.env.KIT_FUZZ_SEED ?? 20261124);
const COUNT = Number(process.env.KIT_FUZZ_COUNT ?? 300);
const FILES = ['kit.json', 'packages/ui/package.json', 'packages/ui/button/module.json', 'packages/app/package.json', 'tsconfig.json'];

/** mulberry32: a small PRNG whose sequence is fixed by its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Mutation = (text: string, pick: (n: number) => number) => string | Buffer;
/** What hostile, machine-made or half-written manifests look like. */
const MUTATIONS: Record<string, Mutation> = {
  truncated: (t, pick) => t.slice(0, pick(t.length)),
  nul: (t, pick) => { const at = pick(t.length); return `${t.slice(0, at)}\0${t.slice(at)}`; },
  garbage: (t, pick) => { const at = pick(t.length); return Buffer.concat([Buffer.from(t.slice(0, at)), Buffer.from([0xff, 0xfe, 0xc3, 0x28, pick(256)]), Buffer.from(t.slice(at))]); },
  bom: (t) => `\ufeff${t}`,
  'duplicated key': (t) => t.replace(/\{\s*"([^"]+)":\s*("[^"]*"|\[[^\]]*\]|[\w.]+)/, (all, key) => `${all}, "${key}": 42`),
  'wrong type': (t, pick) => { const values = ['42', 'null', '[1]', '{}', 'true', '"x"']; let n = 0; const which = pick(8); return t.replace(/:\s*("[^"]*"|\[[^\]]*\]|true|false|\d+)/g, (all) => (n++ === which ? `: ${values[pick(values.length)]}` : all)); },
  'deep nesting': (t) => t.replace(/\{/, `{"deep": ${'['.repeat(20_000)}${']'.repeat(20_000)},`),
  'megabyte string': (t) => t.replace(/\{/, `{"big": "${'x'.repeat(1_048_576)}",`),
  null: () => 'null',
  'hostile path': (t, pick) => t.replace(/"packages\/[^"]+"/, JSON.stringify(['../../etc', '/etc', 'packages/../../..', 'packages/ui/../../../x', 'packages/ui\u0000x'][pick(5)])),
  empty: () => '',
};

const shop = useSampleServer();
const get = (path: string) => fetch(new URL(path, shop.server.url));
/** The state report without its revision, which counts every change. */
const answers = async () => {
  const { revision: _, ...rest } = (await (await get('/state')).json()) as { revision: number };
  return rest;
};

test(`${COUNT} hostile manifests (seed ${SEED}): never a 5xx, each problem a diagnostic with file, line and column, and restored, the answers of before`, async () => {
  const baseline = await answers();
  const next = random(SEED);
  const pick = (n: number) => Math.floor(next() * n);
  const names = Object.keys(MUTATIONS);
  const tried: Record<string, number> = {};
  const recoveries: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const file = FILES[pick(FILES.length)];
    const kind = names[pick(names.length)];
    const path = join(shop.dir, file);
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, MUTATIONS[kind](original, pick));
    const at = `mutation ${i} (${kind} of ${file}, seed ${SEED})`;
    try {
      for (const route of ['/state', '/preview/entry.json']) {
        const response = await get(route);
        expect(response.status, `${at}: ${route}`).toBe(200);
        const body = (await response.json()) as { diagnostics?: { code: string; file?: string; line?: number; column?: number }[]; modules?: { diagnostics?: { code: string; file?: string; line?: number; column?: number }[] }[] };
        const all = [...(body.diagnostics ?? []), ...(body.modules ?? []).flatMap((m) => m.diagnostics ?? [])];
        for (const d of all.filter((d) => d.code === 'MANIFEST_INVALID')) expect(d, at).toMatchObject({ file: expect.any(String), line: expect.any(Number), column: expect.any(Number) });
      }
    } finally {
      writeFileSync(path, original);
    }
    tried[kind] = (tried[kind] ?? 0) + 1;
    const restored = performance.now();
    await expect.poll(answers, { timeout: 10_000, interval: 5, message: `${at}: restored` }).toEqual(baseline);
    recoveries.push(performance.now() - restored);
  }
  expect(Object.keys(tried).sort()).toEqual(names.sort());
  // The figures of docs/security.md: mutations by kind, and how long the answers took to come back.
  recoveries.sort((a, b) => a - b);
  console.log(JSON.stringify({ seed: SEED, tried, recoveryMs: { median: Math.round(recoveries[recoveries.length >> 1]), max: Math.round(recoveries.at(-1)!) } }));
});
