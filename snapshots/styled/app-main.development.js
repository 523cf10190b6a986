const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@styled/app@0.1.0/main", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
const _Cardmodulecss = require("./Card.module.css");
const card = document.createElement("section");
card.id = "card";
card.className = `${_Cardmodulecss.default.card} p-4`;
const title = document.createElement("h1");
title.id = "title";
title.className = `${_Cardmodulecss.default.title} font-bold`;
title.textContent = "Styled by Tailwind and a CSS Module";
card.append(title);
document.querySelector("#app").append(card);

});
__kit.define("./Card.module.css", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "default": () => Card_module_default });
var Card_module_default = {
    "card": "_card_Wb4SW",
    "title": "_title_yMN8x"
};

});
__kit.exports("./index.ts", (e) => ({  } = e));

//# sourceMappingURL=<inline map>
