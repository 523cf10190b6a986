import * as __kit_e0 from '@shop/content/about';
import { html } from '@shop/content/about';
import * as __kit_e1 from '@shop/ui/badge';
import { createBadge } from '@shop/ui/badge';
import * as __kit_e2 from '@shop/ui/button';
import { createBuyButton } from '@shop/ui/button';
import * as __kit_e3 from '@shop/util/format';
import { formatPrice } from '@shop/util/format';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@shop/app@0.1.0/main", import.meta.url, { "@shop/content/about": __kit_e0, "@shop/ui/badge": __kit_e1, "@shop/ui/button": __kit_e2, "@shop/util/format": __kit_e3 });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
const _cart = require("./cart.ts");
const _about = require("@shop/content/about");
const _badge = require("@shop/ui/badge");
const _button = require("@shop/ui/button");
const _format = require("@shop/util/format");
const lines = [
    {
        name: "Notebook",
        cents: 450
    },
    {
        name: "Fountain pen",
        cents: 1999
    }
];
const heading = document.createElement("h1");
heading.textContent = "kit shop";
heading.append((0, _badge.createBadge)("preview"));
const summary = document.createElement("p");
summary.id = "summary";
summary.textContent = (0, _cart.describeCart)(lines, _format.formatPrice);
const page = document.createElement("section");
page.id = "about";
page.innerHTML = _about.html;
document.body.append(heading, summary, (0, _button.createBuyButton)("Add to cart", 1999), page);

});
__kit.define("./cart.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "describeCart": () => describeCart });
/** One sentence about the cart, with its total formatted by `format`. */ function describeCart(lines, format) {
    const total = lines.reduce((sum, line)=>sum + line.cents, 0);
    return `${lines.length} items, ${format(total)} in total`;
}

});
__kit.exports("./index.ts", (e) => ({  } = e));

//# sourceMappingURL=<inline map>
