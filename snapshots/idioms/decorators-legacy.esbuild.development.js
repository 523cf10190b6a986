const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/decorators-legacy", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const _reflect = require("./reflect.ts");
const _types = require("./types.ts");
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __decorateClass = (decorators, target, key, kind)=>{
    var result2 = kind > 1 ? void 0 : kind ? __getOwnPropDesc(target, key) : target;
    for(var i = decorators.length - 1, decorator; i >= 0; i--)if (decorator = decorators[i]) result2 = (kind ? decorator(target, key, result2) : decorator(result2)) || result2;
    if (kind && result2) __defProp(target, key, result2);
    return result2;
};
var __decorateParam = (index, decorator)=>(target, key)=>decorator(target, key, index);
const seen = [];
function Injectable() {
    return (target)=>{
        seen.push(`class with ${target.length} parameters`);
    };
}
function Inject(token) {
    return (_target, _key, index)=>{
        seen.push(`param ${index} ${token}`);
    };
}
function Field() {
    return (_target, key)=>{
        seen.push(`field ${String(key)}`);
    };
}
let Service = class {
    constructor(logger, clock){
        this.logger = logger;
        this.clock = clock;
    }
    logger;
    clock;
    name = "svc";
};
__decorateClass([
    Field()
], Service.prototype, "name", 2);
Service = __decorateClass([
    Injectable(),
    __decorateParam(0, Inject("logger"))
], Service);
const nameOf = (type)=>type === Object ? "Object" : type === _types.Clock ? "Clock" : type === String ? "String" : "other";
const result = [
    (0, _reflect.getMetadata)("design:paramtypes", Service).map(nameOf),
    nameOf((0, _reflect.getMetadata)("design:type", Service.prototype)),
    new Service({
        log () {}
    }, new _types.Clock()).clock.now(),
    ...seen
];

});
__kit.define("./reflect.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "getMetadata": () => getMetadata });
const store = /* @__PURE__ */ new WeakMap();
const reflect = Reflect;
reflect.metadata = (key, value)=>(target)=>{
        if (!store.has(target)) store.set(target, /* @__PURE__ */ new Map());
        store.get(target).set(key, value);
    };
reflect.getMetadata = (key, target)=>store.get(target)?.get(key);
const getMetadata = reflect.getMetadata;

});
__kit.define("./types.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "Clock": () => Clock });
var Clock = class {
    now() {
        return 7;
    }
};

});
export let result;
__kit.exports("./index.ts", (e) => ({ result } = e));

