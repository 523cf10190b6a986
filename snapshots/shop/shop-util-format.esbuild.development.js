const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@shop/util@0.1.0/format", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "formatPrice": () => formatPrice });
const _round = require("./round.ts");
function formatPrice(cents, currency = "$") {
    return `${currency}${(0, _round.round)(cents / 100, 2).toFixed(2)}`;
}

});
__kit.define("./round.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "round": () => round });
function round(value, digits) {
    const factor = 10 ** digits;
    return Math.sign(value) * Math.round(Math.abs(value) * factor) / factor;
}

});
export let formatPrice;
__kit.exports("./index.ts", (e) => ({ formatPrice } = e));

//# sourceMappingURL=<inline map>
