const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/const-enum-ambient", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const _ambientd = require("./ambient.d.ts?kit-declarations");
const result = [
    _ambientd.Level.High,
    _ambientd.Level.Low,
    _ambientd.Mode.Dark,
    {
        name: "n"
    }.name
];

});
__kit.define("./ambient.d.ts?kit-declarations", (require, module, exports, __kit_meta) => {
__kit.x(exports, { Level: () => Level, Mode: () => Mode });
var Level = /*#__PURE__*/ function(Level) {
    Level[Level["Low"] = 1] = "Low";
    Level[Level["High"] = 9] = "High";
    return Level;
}({});
var Mode = /*#__PURE__*/ function(Mode) {
    Mode["Light"] = "light";
    Mode["Dark"] = "dark";
    return Mode;
}({});

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

