const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/enums-namespaces", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const _levels = require("./levels.ts");
var Direction = /* @__PURE__ */ ((Direction2)=>{
    Direction2[Direction2["Up"] = 1] = "Up";
    Direction2[Direction2["Down"] = 2] = "Down";
    return Direction2;
})(Direction || {});
var Geometry;
((Geometry2)=>{
    Geometry2.unit = 10;
})(Geometry || (Geometry = {}));
((Geometry2)=>{
    function scale(n) {
        return n * Geometry2.unit;
    }
    Geometry2.scale = scale;
    ((Inner2)=>{
        Inner2.twice = (n)=>scale(n) * 2;
    })(Geometry2.Inner || (Geometry2.Inner = {}));
})(Geometry || (Geometry = {}));
function greet(name) {
    return `${greet.prefix} ${name}`;
}
((greet2)=>{
    greet2.prefix = "hello";
})(greet || (greet = {}));
var Point = class {
    constructor(x){
        this.x = x;
    }
    x;
};
((Point2)=>{
    Point2.origin = new Point2(0);
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

});
__kit.define("./levels.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { Level: () => Level, Shape: () => Shape });
var Level = /* @__PURE__ */ ((Level2)=>{
    Level2[Level2["Low"] = 1] = "Low";
    Level2[Level2["High"] = 9] = "High";
    return Level2;
})(Level || {});
var Shape = /* @__PURE__ */ ((Shape2)=>{
    Shape2[Shape2["Square"] = 0] = "Square";
    Shape2["Circle"] = "circle";
    return Shape2;
})(Shape || {});

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

