// Edit → request cycles against one service, heap measured after forced GC.
//   node --expose-gc bench/soak.js [--cycles 1000]   (npm run soak)
// Prints one JSON line: { cycles, warmHeap, finalHeap, growth }.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService } from '../lib/serve/server.js';

const REPO = resolve(import.meta.dirname, '..');
const at = process.argv.indexOf('--cycles');
const cycles = at > 0 ? Number(process.argv[at + 1]) : 1000;
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const dir = mkdtempSync(join(tmpdir(), 'kit-soak-'));
cpSync(join(REPO, 'examples', 'shop'), dir, { recursive: true });
const service = await startService({ root: dir, port: 0, development: true });
await service.context.freshness.settled; // edits are announced once the watcher has scanned the workspace
const options = 'target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false';
const sheet = join(dir, 'packages/ui/button/styles/button.css');

/** Resolves on the next announcement of the button's build: the service has seen the edit then. */
function announced() {
  return new Promise((resolve) => {
    const stop = service.context.channel.subscribe((event) => {
      if (event.type === 'build.ended' && event.data.modules.some((m) => m.vspecifier === '@shop/ui@0.1.0/button')) resolve(stop());
    });
  });
}

async function cycle(i) {
  const seen = announced();
  writeFileSync(sheet, `@import './tokens.css';\n.buy-button { color: rgb(${i % 256}, 0, 0); }\n`);
  await seen;
  const response = await fetch(`${service.url}m/@shop/ui@0.1.0/styles/button?${options}`);
  if (!(await response.text()).includes(`rgb(${i % 256}, 0, 0)`)) throw new Error(`cycle ${i} served a stale stylesheet`);
}

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const warmup = Math.max(50, Math.round(cycles / 10));
for (let i = 0; i < warmup; i++) await cycle(i);
await new Promise((r) => setTimeout(r, 200));
const warmHeap = heap();
for (let i = 0; i < cycles; i++) await cycle(warmup + i);
await new Promise((r) => setTimeout(r, 200));
const finalHeap = heap();
await service.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ cycles, warmHeap, finalHeap, growth: (finalHeap - warmHeap) / warmHeap }));
process.exit(0);
