const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@shop/ui@0.1.0/badge", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "createBadge": () => createBadge });
/** A small label, declared by module.json alone (no exports entry) and built by the ts bundler. */ function createBadge(text) {
    const badge = document.createElement("span");
    badge.textContent = text;
    badge.style.cssText = "margin-left:.5rem;padding:.1rem .4rem;border-radius:4px;background:#fde68a;font:12px system-ui";
    return badge;
}

});
export let createBadge;
__kit.exports("./index.ts", (e) => ({ createBadge } = e));

//# sourceMappingURL=<inline map>
