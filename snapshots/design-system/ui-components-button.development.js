import * as __kit_e0 from 'preact/jsx-runtime';
import { jsx } from 'preact/jsx-runtime';
import * as __kit_e1 from '@acme/ui/lib/utils';
import { cn } from '@acme/ui/lib/utils';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@acme/ui@1.0.0/components/button", import.meta.url, { "preact/jsx-runtime": __kit_e0, "@acme/ui/lib/utils": __kit_e1 });
__kit.define("./button.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
__kit.x(exports, { "Button": () => Button });
const _variants = require("./variants.ts");
const _jsxruntime = require("preact/jsx-runtime");
const _utils = require("@acme/ui/lib/utils");
function Button({ variant = "primary", onClick, children }) {
    return /*#__PURE__*/ (0, _jsxruntime.jsx)("button", {
        class: (0, _utils.cn)("ui-button", _variants.variants[variant]),
        onClick,
        children
    });
}
_c = Button;
var _c;
$RefreshReg$(_c, "Button");

});
__kit.define("./variants.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "variants": () => variants });
/** The look both components share: a private helper of each. */ const variants = {
    primary: "ui-primary",
    quiet: "ui-quiet"
};

});
export let Button;
__kit.exports("./button.tsx", (e) => ({ Button } = e));

//# sourceMappingURL=<inline map>
