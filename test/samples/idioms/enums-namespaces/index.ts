// Enums, a const enum from another file, and namespaces merged with each other, a function and a class.
import { Level, Shape } from './levels.js';

enum Direction {
  Up = 1,
  Down,
}
namespace Geometry {
  export const unit = 10;
}
namespace Geometry {
  export function scale(n: number) {
    return n * unit;
  }
  export namespace Inner {
    export const twice = (n: number) => scale(n) * 2;
  }
}
function greet(name: string) {
  return `${greet.prefix} ${name}`;
}
namespace greet {
  export const prefix = 'hello';
}
class Point {
  constructor(readonly x: number) {}
}
namespace Point {
  export const origin = new Point(0);
}
export const result = [Direction.Down, Direction[2], Level.High, Shape.Circle, Shape[0], Geometry.scale(2), Geometry.Inner.twice(1), greet('ada'), Point.origin.x];
