var __typeError = (msg) => {
  throw TypeError(msg);
};
var __accessCheck = (obj, member, msg) => member.has(obj) || __typeError("Cannot " + msg);
var __privateGet = (obj, member, getter) => (__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
var __privateAdd = (obj, member, value) => member.has(obj) ? __typeError("Cannot add the same private member more than once") : member instanceof WeakSet ? member.add(obj) : member.set(obj, value);

// packages/lib/target-es2017/index.ts
var _secret;
var _Client = class _Client {
  constructor(config) {
    this.name = "client";
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
_secret = new WeakMap();
_Client.instances = 0;
var Client = _Client;
var a = new Client({});
var b = new Client({ retries: { count: 0 }, name: null });
var result = [a.retries, b.retries, a.name, b.name, a.reveal(), Client.instances];
export {
  result
};

