// packages/lib/type-only-names/types.ts
var defaults = { size: 3 };

// packages/lib/type-only-names/index.ts
var chosen = "large";
var options = { ...defaults, size: defaults.size + 1 };
var result = [options.size, chosen];
export {
  result
};

