const __kit = (globalThis.__kit_hot || ((v,u,x)=>{const f={},c={},q=i=>{let m=c[i];if(!m){m=c[i]={exports:{}};f[i](s=>s in f?q(s):x[s],m,m.exports,{url:u,i:async s=>s in f?q(s):import(s)})}return m.exports};return{x(t,a){for(const n in a)Object.defineProperty(t,n,{enumerable:!0,get:Object.getOwnPropertyDescriptor(a,n).get||a[n]})},define(i,n){f[i]=n},exports(i,b){b(q(i))}}}))("@idioms/lib@0.1.0/target-es2017", import.meta.url, {  });
__kit.define("./index.ts", (require, module, exports, __kit_meta) => {
__kit.x(exports, { "result": () => result });
function _check_private_redeclaration(obj, privateCollection) {
    if (privateCollection.has(obj)) throw new TypeError("Cannot initialize the same private elements twice on an object");
}
function _class_apply_descriptor_get(receiver, descriptor) {
    if (descriptor.get) return descriptor.get.call(receiver);
    return descriptor.value;
}
function _class_apply_descriptor_set(receiver, descriptor, value) {
    if (descriptor.set) descriptor.set.call(receiver, value);
    else {
        if (!descriptor.writable) throw new TypeError("attempted to set read only private field");
        descriptor.value = value;
    }
}
function _class_extract_field_descriptor(receiver, privateMap, action) {
    if (!privateMap.has(receiver)) throw new TypeError("attempted to " + action + " private field on non-instance");
    return privateMap.get(receiver);
}
function _class_private_field_get(receiver, privateMap) {
    return _class_apply_descriptor_get(receiver, _class_extract_field_descriptor(receiver, privateMap, "get"));
}
function _class_private_field_init(obj, privateMap, value) {
    _check_private_redeclaration(obj, privateMap);
    privateMap.set(obj, value);
}
function _class_private_field_set(receiver, privateMap, value) {
    _class_apply_descriptor_set(receiver, _class_extract_field_descriptor(receiver, privateMap, "set"), value);
    return value;
}
var _secret = /*#__PURE__*/ new WeakMap();
let Client = class Client {
    reveal() {
        return _class_private_field_get(this, _secret).length;
    }
    constructor(config){
        var _ref, _config_name;
        var _config_retries;
        _class_private_field_init(this, _secret, {
            writable: true,
            value: void 0
        });
        this.name = "client";
        _class_private_field_set(this, _secret, "hidden");
        Client.instances++;
        this.retries = (_ref = (_config_retries = config.retries) === null || _config_retries === void 0 ? void 0 : _config_retries.count) !== null && _ref !== void 0 ? _ref : 3;
        this.name = (_config_name = config.name) !== null && _config_name !== void 0 ? _config_name : this.name;
    }
};
Client.instances = 0;
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

