// packages/lib/enums-namespaces/levels.ts
var Shape = /* @__PURE__ */ ((Shape2) => {
  Shape2[Shape2["Square"] = 0] = "Square";
  Shape2["Circle"] = "circle";
  return Shape2;
})(Shape || {});

// packages/lib/enums-namespaces/index.ts
var Direction = /* @__PURE__ */ ((Direction2) => {
  Direction2[Direction2["Up"] = 1] = "Up";
  Direction2[Direction2["Down"] = 2] = "Down";
  return Direction2;
})(Direction || {});
var Geometry;
((Geometry2) => {
  Geometry2.unit = 10;
})(Geometry || (Geometry = {}));
((Geometry2) => {
  function scale(n) {
    return n * Geometry2.unit;
  }
  Geometry2.scale = scale;
  let Inner;
  ((Inner2) => {
    Inner2.twice = (n) => scale(n) * 2;
  })(Inner = Geometry2.Inner || (Geometry2.Inner = {}));
})(Geometry || (Geometry = {}));
function greet(name) {
  return `${greet.prefix} ${name}`;
}
((greet2) => {
  greet2.prefix = "hello";
})(greet || (greet = {}));
var Point = class {
  constructor(x) {
    this.x = x;
  }
  x;
};
((Point2) => {
  Point2.origin = new Point2(0);
})(Point || (Point = {}));
var result = [2 /* Down */, Direction[2], 9 /* High */, "circle" /* Circle */, Shape[0], Geometry.scale(2), Geometry.Inner.twice(1), greet("ada"), Point.origin.x];
export {
  result
};

