const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/jsx-classic", import.meta.url, {  });
__kit.define("./index.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
__kit.x(exports, { "result": () => result });
function Fragment(props) {
    return {
        tag: "fragment",
        props: null,
        children: props.children ?? []
    };
}
_c = Fragment;
function h(tag, props, ...children) {
    return typeof tag === "function" ? tag({
        ...props,
        children
    }) : {
        tag,
        props,
        children
    };
}
function Badge(props) {
    return /* @__PURE__ */ h("b", null, props.text);
}
_c1 = Badge;
const view = /* @__PURE__ */ h(Fragment, null, /* @__PURE__ */ h("p", {
    title: "t"
}, "hi ", 2), /* @__PURE__ */ h(Badge, {
    text: "new"
}));
const result = [
    view.tag,
    view.children.map((c)=>c.tag),
    JSON.stringify(view.children[0].children)
];
var _c, _c1;
$RefreshReg$(_c, "Fragment");
$RefreshReg$(_c1, "Badge");

});
export let result;
__kit.exports("./index.tsx", (e) => ({ result } = e));

