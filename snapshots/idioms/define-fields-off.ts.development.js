// Without define semantics a field with no initializer is no own property, and parameter
// properties are assigned before the other fields.
const order = [];
let Point = class Point {
    constructor(id){
        this.id = id;
        this.x = (order.push('x'), 1);
        order.push(`constructor ${Object.keys(this).join(',')}`);
    }
};
const point = new Point(7);
const result = [
    order,
    Object.keys(point),
    'label' in point,
    point.id
];

export { result };
