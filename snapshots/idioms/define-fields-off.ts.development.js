// packages/lib/define-fields-off/index.ts
const order = [];
const point = new class Point {
	constructor(id) {
		this.id = id;
		this.x = (order.push("x"), 1);
		order.push(`constructor ${Object.keys(this).join(",")}`);
	}
}(7);
const result = [
	order,
	Object.keys(point),
	"label" in point,
	point.id
];
export { result };

