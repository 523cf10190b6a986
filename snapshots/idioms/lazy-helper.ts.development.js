var __defProp = Object.defineProperty;
var __esmMin = (fn, res, err) => () => {
	if (err) throw err[0];
	try {
		return fn && (res = fn(fn = 0)), res;
	} catch (e) {
		throw err = [e], e;
	}
};
var __exportAll = (all, flags) => {
	let target = Object.setPrototypeOf({}, null);
	for (var name in all) __defProp(target, name, {
		get: all[name],
		enumerable: true
	});
	if (!(flags & 1)) __defProp(target, Symbol.toStringTag, { value: "Module" });
	return flags & 2 ? target : Object.preventExtensions(target);
};
var lazy_exports = /* @__PURE__ */ __exportAll({ answer: () => answer });
function answer() {
	return 42;
}
var init_lazy = __esmMin(() => {});
const lazy = await Promise.resolve().then(() => (init_lazy(), lazy_exports));
const result = [lazy.answer(), typeof lazy];
export { result };

