// node bench/floor-memory.js <root> <tsconfig> <file...>: uses once each part that `kit run` holds
// (@swc/core to transform, rollup, postcss, esbuild), has TypeScript 7's process check <file...>
// as kit's background check does, then prints this process tree's peak memory (and how long
// the transform took to load) as JSON.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { peakMemory } from './memory.js';
import { NativeChecker } from '../lib/compiler/check/native-checker.js';

const [root, tsconfig, ...files] = process.argv.slice(2);
const require = createRequire(join(resolve(import.meta.dirname, '..'), 'package.json'));
// kit's own copies of each part (bench/node_modules holds Vite's). Loading the transform is timed: every kit build pays it.
const loading = performance.now();
const swc = require('@swc/core');
const transformLoadMs = performance.now() - loading;
const [{ rollup }, postcss, esbuild] = ['rollup', 'postcss', 'esbuild'].map((name) => require(name));
const { code } = swc.transformSync('export class A { #x = 1; get x(): number { return this.#x; } }', { filename: 'a.ts', jsc: { target: 'es2022', parser: { syntax: 'typescript' } } });
const build = await rollup({ input: 'a', plugins: [{ name: 'one', resolveId: (id) => id, load: () => code }] });
await build.generate({ format: 'es', sourcemap: true });
await postcss([]).process('a { color: red }', { from: undefined });
await esbuild.transform('export const a: number = 1', { loader: 'ts' });
const checker = new NativeChecker(root);
await checker.open(tsconfig);
await checker.check(tsconfig, files);
const processes = peakMemory(process.pid);
console.log(JSON.stringify({ peakMiB: processes.reduce((sum, p) => sum + p.MiB, 0), processes, transformLoadMs }));
process.on('SIGTERM', async () => {
  await checker.close();
  await esbuild.stop();
  process.exit(0);
});
