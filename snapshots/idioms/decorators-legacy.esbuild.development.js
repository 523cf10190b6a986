var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __decorateClass = (decorators, target, key, kind) => {
  var result2 = kind > 1 ? void 0 : kind ? __getOwnPropDesc(target, key) : target;
  for (var i = decorators.length - 1, decorator; i >= 0; i--)
    if (decorator = decorators[i])
      result2 = (kind ? decorator(target, key, result2) : decorator(result2)) || result2;
  if (kind && result2) __defProp(target, key, result2);
  return result2;
};
var __decorateParam = (index, decorator) => (target, key) => decorator(target, key, index);

// packages/lib/decorators-legacy/reflect.ts
var store = /* @__PURE__ */ new WeakMap();
var reflect = Reflect;
reflect.metadata = (key, value) => (target) => {
  if (!store.has(target)) store.set(target, /* @__PURE__ */ new Map());
  store.get(target).set(key, value);
};
reflect.getMetadata = (key, target) => store.get(target)?.get(key);
var getMetadata = reflect.getMetadata;

// packages/lib/decorators-legacy/types.ts
var Clock = class {
  now() {
    return 7;
  }
};

// packages/lib/decorators-legacy/index.ts
var seen = [];
function Injectable() {
  return (target) => {
    seen.push(`class with ${target.length} parameters`);
  };
}
function Inject(token) {
  return (_target, _key, index) => {
    seen.push(`param ${index} ${token}`);
  };
}
function Field() {
  return (_target, key) => {
    seen.push(`field ${String(key)}`);
  };
}
var Service = class {
  constructor(logger, clock) {
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
var nameOf = (type) => type === Object ? "Object" : type === Clock ? "Clock" : type === String ? "String" : "other";
var types = getMetadata("design:paramtypes", Service).map(nameOf);
var field = nameOf(getMetadata("design:type", Service.prototype));
var result = [types, field, new Service({ log() {
} }, new Clock()).clock.now(), ...seen];
export {
  result
};

