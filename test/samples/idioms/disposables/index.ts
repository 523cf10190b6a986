// `using` and `await using`: disposal in reverse order, also when the block throws.
const events: string[] = [];
function resource(name: string): Disposable {
  events.push(`open ${name}`);
  return { [Symbol.dispose]: () => events.push(`close ${name}`) };
}
function asyncResource(name: string): AsyncDisposable {
  events.push(`open ${name}`);
  return { [Symbol.asyncDispose]: async () => void events.push(`close ${name}`) };
}
function work() {
  using a = resource('a');
  using b = resource('b');
  return [a, b].length;
}
async function asyncWork() {
  await using c = asyncResource('c');
  using d = resource('d');
  return [c, d].length;
}
function failing() {
  using e = resource('e');
  throw new Error(`failed with ${Object.keys(e).length}`);
}
let caught = '';
try {
  failing();
} catch (error) {
  caught = (error as Error).message;
}
export const result = [work(), await asyncWork(), caught, ...events];
