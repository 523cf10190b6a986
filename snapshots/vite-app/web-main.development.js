import * as __kit_e0 from 'preact/jsx-runtime';
import { jsx, jsxs } from 'preact/jsx-runtime';
import * as __kit_e1 from 'preact';
import { render } from 'preact';
import * as __kit_e2 from '@vite/web/button';
import { Button } from '@vite/web/button';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@vite/web@0.1.0/main", import.meta.url, { "preact/jsx-runtime": __kit_e0, "preact": __kit_e1, "@vite/web/button": __kit_e2 });
__kit.define("./main.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
__kit.x(exports, { mount: () => mount, title: () => title });
const _utils = require("../lib/utils.ts");
const _jsxruntime = require("preact/jsx-runtime");
const _preact = require("preact");
const _button = require("@vite/web/button");
const title = {
    "BASE_URL": "/",
    "MODE": "development",
    "DEV": true,
    "PROD": false,
    "SSR": false
}.VITE_TITLE ?? "kit";
function App() {
    return /*#__PURE__*/ (0, _jsxruntime.jsxs)("main", {
        class: (0, _utils.cn)("app", false, "ready"),
        children: [
            /*#__PURE__*/ (0, _jsxruntime.jsx)("h1", {
                children: title
            }),
            /*#__PURE__*/ (0, _jsxruntime.jsx)(_button.Button, {
                label: "Go"
            })
        ]
    });
}
_c = App;
/** Renders the app into `parent`. */ function mount(parent) {
    (0, _preact.render)(/*#__PURE__*/ (0, _jsxruntime.jsx)(App, {}), parent);
}
var _c;
$RefreshReg$(_c, "App");

});
__kit.define("../lib/utils.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "cn": () => cn });
/** The class names that are set, joined (shadcn's `cn`, without its dependencies). */ function cn(...names) {
    return names.filter(Boolean).join(" ") + " /* from src/lib/utils */";
}

});
export let mount, title;
__kit.exports("./main.tsx", (e) => ({ mount, title } = e));

//# sourceMappingURL=<inline map>
