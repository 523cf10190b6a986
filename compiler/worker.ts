// A worker of `compileInWorkers`: compiles the modules it is sent, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { Compiler } from './compile.js';
import { DiskStore } from './disk-cache.js';
import type { Job } from './workers.js';
import { WorkspaceLoader } from './workspace/discover.js';
import { findModule } from './workspace/model.js';

const { root } = workerData as { root: string };
const workspace = new WorkspaceLoader(root).load();
const compiler = new Compiler({ disk: DiskStore.forWorkspace(root) });

parentPort!.on('message', async ({ specifier, options }: Job) => {
  parentPort!.postMessage(await compiler.compile(workspace, findModule(workspace, specifier)!, options));
});
