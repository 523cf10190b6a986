import * as __kit_e0 from 'react/jsx-runtime';
import { jsx, jsxs } from 'react/jsx-runtime';
import * as __kit_e1 from 'react';
import { StrictMode, useState } from 'react';
import * as __kit_e2 from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import * as __kit_e3 from '@workspace/ui/globals.css';
import * as __kit_e4 from '@workspace/ui/components/button';
import { Button } from '@workspace/ui/components/button';
import * as __kit_e5 from '@workspace/ui/button.module.css';
import { default as __kit_i0 } from '@workspace/ui/button.module.css';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@workspace/web@0.0.1/src/main", import.meta.url, { "react/jsx-runtime": __kit_e0, "react": __kit_e1, "react-dom/client": __kit_e2, "@workspace/ui/globals.css": __kit_e3, "@workspace/ui/components/button": __kit_e4, "@workspace/ui/button.module.css": __kit_e5 });
__kit.define("./main.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
const _App = require("./App.tsx");
const _jsxruntime = require("react/jsx-runtime");
const _react = require("react");
const _client = require("react-dom/client");
require("@workspace/ui/globals.css");
(0, _client.createRoot)(document.getElementById("root")).render(/*#__PURE__*/ (0, _jsxruntime.jsx)(_react.StrictMode, {
    children: /*#__PURE__*/ (0, _jsxruntime.jsx)(_App.App, {})
}));

});
__kit.define("./App.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
__kit.x(exports, { "App": () => App });
const _jsxruntime = require("react/jsx-runtime");
const _react = require("react");
const _button = require("@workspace/ui/components/button");
const _buttonmodulecss = require("@workspace/ui/button.module.css");
var _s = $RefreshSig$();
function App() {
    _s();
    const [count, setCount] = (0, _react.useState)(0);
    return /*#__PURE__*/ (0, _jsxruntime.jsxs)("div", {
        id: "page",
        className: "flex min-h-svh flex-col items-start gap-4 p-6",
        children: [
            /*#__PURE__*/ (0, _jsxruntime.jsx)("h1", {
                id: "title",
                className: "text-2xl font-bold",
                children: "Project ready!"
            }),
            /*#__PURE__*/ (0, _jsxruntime.jsx)(_button.Button, {
                id: "cta",
                className: _buttonmodulecss.default.button,
                onClick: ()=>setCount(count + 1),
                children: /*#__PURE__*/ (0, _jsxruntime.jsxs)("span", {
                    className: _buttonmodulecss.default.label,
                    children: [
                        "clicked ",
                        count
                    ]
                })
            })
        ]
    });
}
_s(App, "oDgYfYHkD9Wkv4hrAPCkI/ev3YU=");
_c = App;
var _c;
$RefreshReg$(_c, "App");

});
__kit.exports("./main.tsx", (e) => ({  } = e));

//# sourceMappingURL=<inline map>
