import * as __kit_e0 from 'preact/jsx-runtime';
import { jsx, jsxs } from 'preact/jsx-runtime';
import * as __kit_e1 from 'preact';
import { render } from 'preact';
import * as __kit_e2 from 'preact/hooks';
import { useState } from 'preact/hooks';
import * as __kit_e3 from '@acme/ui';
import { version } from '@acme/ui';
import * as __kit_e4 from '@acme/ui/components/button';
import { Button } from '@acme/ui/components/button';
import * as __kit_e5 from '@acme/ui/components/card';
import { Card } from '@acme/ui/components/card';
const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@acme/web@0.1.0/index", import.meta.url, { "preact/jsx-runtime": __kit_e0, "preact": __kit_e1, "preact/hooks": __kit_e2, "@acme/ui": __kit_e3, "@acme/ui/components/button": __kit_e4, "@acme/ui/components/card": __kit_e5 });
__kit.define("./main.tsx", (require, module, exports, __kit_meta) => { var $RefreshReg$ = __kit_meta.r || (() => {}), $RefreshSig$ = __kit_meta.s || (() => (type) => type);
const _jsxruntime = require("preact/jsx-runtime");
const _preact = require("preact");
const _hooks = require("preact/hooks");
const _ui = require("@acme/ui");
const _button = require("@acme/ui/components/button");
const _card = require("@acme/ui/components/card");
var _s = $RefreshSig$();
function App() {
    _s();
    const [count, setCount] = (0, _hooks.useState)(0);
    return /*#__PURE__*/ (0, _jsxruntime.jsx)(_card.Card, {
        title: `Acme UI ${_ui.version}`,
        children: /*#__PURE__*/ (0, _jsxruntime.jsxs)(_button.Button, {
            onClick: ()=>setCount(count + 1),
            children: [
                "clicked ",
                count
            ]
        })
    });
}
_s(App, "oDgYfYHkD9Wkv4hrAPCkI/ev3YU=");
_c = App;
(0, _preact.render)(/*#__PURE__*/ (0, _jsxruntime.jsx)(App, {}), document.getElementById("app"));
var _c;
$RefreshReg$(_c, "App");

});
__kit.exports("./main.tsx", (e) => ({  } = e));

//# sourceMappingURL=<inline map>
