const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/decorators-legacy", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
const _reflect = require("./reflect.ts");
const _types = require("./types.ts");
function _ts_decorate(decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for(var i = decorators.length - 1; i >= 0; i--)if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
}
function _ts_metadata(metadataKey, metadataValue) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(metadataKey, metadataValue);
}
function _ts_param(paramIndex, decorator) {
    return function(target, key) {
        decorator(target, key, paramIndex);
    };
}
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
let Service = class Service {
    logger;
    clock;
    name = "svc";
    constructor(logger, clock){
        this.logger = logger;
        this.clock = clock;
    }
};
_ts_decorate([
    Field(),
    _ts_metadata("design:type", String)
], Service.prototype, "name", void 0);
Service = _ts_decorate([
    Injectable(),
    _ts_param(0, Inject("logger")),
    _ts_metadata("design:type", Function),
    _ts_metadata("design:paramtypes", [
        typeof Logger === "undefined" ? Object : Logger,
        typeof _types.Clock === "undefined" ? Object : _types.Clock
    ])
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

