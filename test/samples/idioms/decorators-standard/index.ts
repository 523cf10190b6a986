// Standard (TC39) decorators: what each decorator is told, and the order initializers run in.
const log: string[] = [];

function tagged<T extends abstract new (...args: any) => any>(target: T, context: ClassDecoratorContext<T>) {
  log.push(`${context.kind} ${String(context.name)}`);
  context.addInitializer(() => log.push('class initialized'));
  return target;
}

function bound<This, A extends unknown[], R>(method: (this: This, ...args: A) => R, context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>) {
  log.push(`${context.kind} ${String(context.name)} static=${context.static} private=${context.private}`);
  context.addInitializer(function (this: This) {
    log.push(`bind ${String(context.name)}`);
  });
  return method;
}

function doubled<This>(_: undefined, context: ClassFieldDecoratorContext<This, number>) {
  log.push(`${context.kind} ${String(context.name)}`);
  return (initial: number) => initial * 2;
}

function logged<This, V>(target: ClassAccessorDecoratorTarget<This, V>, context: ClassAccessorDecoratorContext<This, V>): ClassAccessorDecoratorResult<This, V> {
  log.push(`${context.kind} ${String(context.name)}`);
  return {
    get(this: This) {
      log.push(`get ${String(context.name)}`);
      return target.get.call(this);
    },
  };
}

@tagged
class Counter {
  @doubled count = 21;
  @logged accessor label = 'counter';
  @bound increment() {
    return ++this.count;
  }
}

const counter = new Counter();
export const result = [counter.increment(), counter.label, ...log];
