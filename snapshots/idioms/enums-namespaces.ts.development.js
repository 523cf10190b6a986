const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/enums-namespaces", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const _levels = require("./levels.ts");
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
        Inner.twice = (n)=>scale(n) * 2;
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
    constructor(x){
        this.x = x;
    }
};
(function(Point) {
    Point.origin = new Point(0);
})(Point || (Point = {}));
const result = [
    2,
    Direction[2],
    _levels.Level.High,
    _levels.Shape.Circle,
    _levels.Shape[0],
    Geometry.scale(2),
    Geometry.Inner.twice(1),
    greet("ada"),
    Point.origin.x
];
var Geometry;

});
__kit.define("./levels.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { Level: () => Level, Shape: () => Shape });
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

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

