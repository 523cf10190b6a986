// packages/lib/type-only-barrel/core.ts
function produce(base, recipe) {
	const draft = { ...base };
	recipe(draft);
	return draft;
}
// packages/lib/type-only-barrel/index.ts
const base = { n: 1 };
const result = [produce(base, (draft) => draft.n = 2).n, base.n];
export { result };

