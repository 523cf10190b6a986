import * as __kit_e0 from 'tiny-jsx/jsx-runtime';
import { Fragment, jsx, jsxs } from 'tiny-jsx/jsx-runtime';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/jsx-automatic", import.meta.url, { "tiny-jsx/jsx-runtime": __kit_e0 });
__kit.define("./index.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
__kit.x(exports, { "result": () => result });
const _jsxruntime = require("tiny-jsx/jsx-runtime");
function Item(props) {
    return /* @__PURE__ */ (0, _jsxruntime.jsx)("li", {
        children: props.label
    });
}
_c = Item;
const list = /* @__PURE__ */ (0, _jsxruntime.jsxs)("ul", {
    children: [
        /* @__PURE__ */ (0, _jsxruntime.jsx)(Item, {
            label: "a"
        }),
        /* @__PURE__ */ (0, _jsxruntime.jsx)(Item, {
            label: "b"
        })
    ]
}, "k");
const single = /* @__PURE__ */ (0, _jsxruntime.jsx)(_jsxruntime.Fragment, {
    children: "one"
});
const result = [
    list.type,
    list.key,
    list.many,
    list.props.children.map((c)=>c.props.children),
    single.type,
    single.many
];
var _c;
$RefreshReg$(_c, "Item");

});
export let result;
__kit.exports("./index.tsx", (e) => ({ result } = e));

