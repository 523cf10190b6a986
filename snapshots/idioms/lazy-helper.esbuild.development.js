var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// <define:import.meta.env>
var init_define_import_meta_env = __esm({
  "<define:import.meta.env>"() {
  }
});

// packages/lib/lazy-helper/lazy.ts
var lazy_exports = {};
__export(lazy_exports, {
  answer: () => answer
});
function answer() {
  return 42;
}
var init_lazy = __esm({
  "packages/lib/lazy-helper/lazy.ts"() {
    "use strict";
    init_define_import_meta_env();
  }
});

// packages/lib/lazy-helper/index.ts
init_define_import_meta_env();
var lazy = await Promise.resolve().then(() => (init_lazy(), lazy_exports));
var result = [lazy.answer(), typeof lazy];
export {
  result
};

