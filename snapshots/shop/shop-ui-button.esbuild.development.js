import * as __kit_e0 from '@shop/util/format';
import { formatPrice } from '@shop/util/format';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@shop/ui@0.1.0/button", import.meta.url, { "@shop/util/format": __kit_e0 });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "createBuyButton": () => createBuyButton });
const _cartsvg = require("./cart.svg");
const _format = require("@shop/util/format");
function createBuyButton(label, cents) {
    const button = document.createElement("button");
    button.className = "buy-button";
    const icon = document.createElement("img");
    icon.src = _cartsvg.default;
    icon.alt = "";
    icon.className = "buy-button__icon";
    button.append(icon, `${label} \xB7 ${(0, _format.formatPrice)(cents)}`);
    return button;
}

});
__kit.define("./cart.svg", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "default": () => cart_default });
var cart_default = new URL("../assets/button/cart.svg", __kit_meta.url).href;

});
export let createBuyButton;
__kit.exports("./index.ts", (e) => ({ createBuyButton } = e));

//# sourceMappingURL=<inline map>
