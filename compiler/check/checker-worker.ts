// The thread that talks to TypeScript 7 for kit (see checker-thread.ts): one NativeChecker,
// driven by the messages of the thread that made it.
import { parentPort, workerData } from 'node:worker_threads';
import { NativeChecker } from './native-checker.js';
import type { FromWorker, ToWorker } from './checker-thread.js';

const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
// When the service last answered a request, written by the other thread (on the clock both share).
const activity = new Float64Array(workerData.activity as SharedArrayBuffer);
const checker = new NativeChecker(workerData.root as string, {
  onProcess: (pid) => post({ op: 'pid', pid }),
  lastActivity: () => activity[0] - performance.timeOrigin,
});
/** Checks waiting for the thread that made this one to pick their files. */
const picking = new Map<number, (files: readonly string[]) => void>();

const answer = (id: number, work: Promise<FromWorker | void>) =>
  work.then(
    (done) => post(done ?? { op: 'done', id }),
    (error: Error) => post({ op: 'failed', id, message: error.message }),
  );

port.on('message', (message: ToWorker) => {
  switch (message.op) {
    case 'check': {
      const { id, tsconfig, files, within, background } = message;
      // Only the program's files under `within` travel back to be picked from.
      const pick = (programFiles: ReadonlySet<string>) =>
        new Promise<readonly string[]>((done) => {
          picking.set(id, done);
          post({ op: 'pick', id, programFiles: [...programFiles].filter((file) => file.startsWith(within!)) });
        });
      answer(id, checker.check(tsconfig, files ?? pick, { background }).then((found) => ({ op: 'done', id, found: [...found] })));
      break;
    }
    case 'picked':
      picking.get(message.id)?.(message.files);
      picking.delete(message.id);
      break;
    case 'open':
      answer(message.id, checker.open(message.tsconfig));
      break;
    case 'close':
      answer(message.id, checker.close());
      break;
    case 'changed':
      checker.changed(message.changes);
      break;
    case 'virtual':
      checker.setVirtualFile(message.path, message.text);
      break;
  }
});
