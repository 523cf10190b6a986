// Standard decorators declared method, accessor, then field: they are applied in that order, as tsc applies them.
const log: string[] = [];

function method<This, A extends unknown[], R>(_: (this: This, ...args: A) => R, context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>) {
  log.push(`${context.kind} ${String(context.name)}`);
}

function accessor<This, V>(_: ClassAccessorDecoratorTarget<This, V>, context: ClassAccessorDecoratorContext<This, V>) {
  log.push(`${context.kind} ${String(context.name)}`);
}

function field<This, V>(_: undefined, context: ClassFieldDecoratorContext<This, V>) {
  log.push(`${context.kind} ${String(context.name)}`);
  return (initial: V) => initial;
}

class Store {
  @method save() {
    return 'saved';
  }
  @accessor accessor title = 'store';
  @field size = 3;
  @method static open() {
    return 'opened';
  }
}

const store = new Store();
export const result = [store.save(), store.title, store.size, Store.open(), ...log];
