// packages/lib/enums-namespaces/levels.ts
var Level = /*#__PURE__*/ function(Level) {
	Level[Level["Low"] = 1] = "Low";
	Level[Level["High"] = 9] = "High";
	return Level;
}({});
var Shape = /*#__PURE__*/ function(Shape) {
	Shape[Shape["Square"] = 0] = "Square";
	Shape["Circle"] = "circle";
	return Shape;
}({});
// packages/lib/enums-namespaces/index.ts
var Direction = /*#__PURE__*/ function(Direction) {
	Direction[Direction["Up"] = 1] = "Up";
	Direction[Direction["Down"] = 2] = "Down";
	return Direction;
}(Direction || {});
(function(Geometry) {
	Geometry.unit = 10;
})(Geometry || (Geometry = {}));
(function(Geometry) {
	function scale(n) {
		return n * Geometry.unit;
	}
	Geometry.scale = scale;
	(function(Inner) {
		Inner.twice = (n) => scale(n) * 2;
	})(Geometry.Inner || (Geometry.Inner = {}));
})(Geometry || (Geometry = {}));
function greet(name) {
	return `${greet.prefix} ${name}`;
}
(function(greet) {
	greet.prefix = "hello";
})(greet || (greet = {}));
let Point = class Point {
	x;
	constructor(x) {
		this.x = x;
	}
};
(function(Point) {
	Point.origin = new Point(0);
})(Point || (Point = {}));
const result = [
	2,
	Direction[2],
	Level.High,
	Shape.Circle,
	Shape[0],
	Geometry.scale(2),
	Geometry.Inner.twice(1),
	greet("ada"),
	Point.origin.x
];
var Geometry;
export { result };

