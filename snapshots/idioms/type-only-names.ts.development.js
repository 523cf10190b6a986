// packages/lib/type-only-names/types.ts
const defaults = { size: 3 };
// packages/lib/type-only-names/index.ts
const chosen = "large";
const result = [{
	...defaults,
	size: defaults.size + 1
}.size, chosen];
export { result };

