// What libraries written for TypeScript 5 do: read process.env (typed by @types/node, which
// TypeScript 5 includes without a "types" field), use classes and spread, and dispose.
import { Counter } from './counter';

const mode: string = process.env.NODE_ENV ?? 'unknown';
const counter = new Counter();
const values = [...[1, 2, 3]].map((n) => counter.add(n));
const disposable = typeof Symbol.dispose === 'symbol' ? 'dispose' : 'none';

const out = document.createElement('p');
out.id = 'era';
out.textContent = `${mode} ${values.join(',')} ${disposable}`;
document.body.append(out);
