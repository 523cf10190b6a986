const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/define-fields-off", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const order = [];
var Point = class {
    constructor(id){
        this.id = id;
        this.x = (order.push("x"), 1);
        order.push(`constructor ${Object.keys(this).join(",")}`);
    }
};
const point = new Point(7);
const result = [
    order,
    Object.keys(point),
    "label" in point,
    point.id
];

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

