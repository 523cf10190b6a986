const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/target-es2017", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
var __defProp = Object.defineProperty;
var __typeError = (msg)=>{
    throw TypeError(msg);
};
var __defNormalProp = (obj, key, value)=>key in obj ? __defProp(obj, key, {
        enumerable: true,
        configurable: true,
        writable: true,
        value
    }) : obj[key] = value;
var __publicField = (obj, key, value)=>__defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __accessCheck = (obj, member, msg)=>member.has(obj) || __typeError("Cannot " + msg);
var __privateGet = (obj, member, getter)=>(__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
var __privateAdd = (obj, member, value)=>member.has(obj) ? __typeError("Cannot add the same private member more than once") : member instanceof WeakSet ? member.add(obj) : member.set(obj, value);
var _secret;
const _Client = class _Client {
    constructor(config){
        __publicField(this, "retries");
        __publicField(this, "name", "client");
        __privateAdd(this, _secret, "hidden");
        var _a, _b, _c;
        _Client.instances++;
        this.retries = (_b = (_a = config.retries) == null ? void 0 : _a.count) != null ? _b : 3;
        this.name = (_c = config.name) != null ? _c : this.name;
    }
    reveal() {
        return __privateGet(this, _secret).length;
    }
};
_secret = /* @__PURE__ */ new WeakMap();
__publicField(_Client, "instances", 0);
let Client = _Client;
const a = new Client({});
const b = new Client({
    retries: {
        count: 0
    },
    name: null
});
const result = [
    a.retries,
    b.retries,
    a.name,
    b.name,
    a.reveal(),
    Client.instances
];

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

