// Without define semantics a field with no initializer is no own property, and parameter
// properties are assigned before the other fields.
const order: string[] = [];
class Point {
  x = (order.push('x'), 1);
  label?: string;
  tag!: string;
  constructor(readonly id: number) {
    order.push(`constructor ${Object.keys(this).join(',')}`);
  }
}
const point = new Point(7);
export const result = [order, Object.keys(point), 'label' in point, point.id];
