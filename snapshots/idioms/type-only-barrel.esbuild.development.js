// packages/lib/type-only-barrel/core.ts
function produce(base2, recipe) {
  const draft = { ...base2 };
  recipe(draft);
  return draft;
}

// packages/lib/type-only-barrel/index.ts
var base = { n: 1 };
var result = [produce(base, (draft) => draft.n = 2).n, base.n];
export {
  result
};

