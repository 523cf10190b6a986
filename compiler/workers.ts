import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ModuleBuild } from './compile.js';
import type { CompileOptions } from './options.js';

/** One module to compile in a worker: its specifier and the options. */
export interface Job {
  specifier: string;
  options: CompileOptions;
}

const WORKER = new URL('./worker.js', import.meta.url);

/**
 * Compiles `jobs` across worker threads, one per core (type-checking is CPU-bound and
 * single-threaded). Each worker discovers the workspace itself and answers one job at a
 * time; results come back in the order the jobs were given.
 */
export async function compileInWorkers(root: string, jobs: Job[], onDone?: (index: number) => void): Promise<ModuleBuild[]> {
  const results: ModuleBuild[] = new Array(jobs.length);
  let next = 0;
  const count = Math.max(1, Math.min(availableParallelism(), jobs.length));
  await Promise.all(
    Array.from({ length: count }, () => new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, { workerData: { root } });
      const give = () => {
        if (next >= jobs.length) return void worker.terminate().then(() => resolve());
        const index = next++;
        worker.once('message', (build: ModuleBuild) => {
          results[index] = build;
          onDone?.(index);
          give();
        });
        worker.postMessage(jobs[index]);
      };
      worker.once('error', reject);
      give();
    })),
  );
  return results;
}
