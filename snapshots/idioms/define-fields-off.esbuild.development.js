// packages/lib/define-fields-off/index.ts
var order = [];
var Point = class {
  constructor(id) {
    this.id = id;
    this.x = (order.push("x"), 1);
    order.push(`constructor ${Object.keys(this).join(",")}`);
  }
};
var point = new Point(7);
var result = [order, Object.keys(point), "label" in point, point.id];
export {
  result
};

