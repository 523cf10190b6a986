// packages/lib/json/data.json
var version = "1.2.3";
var data_default = { name: "idioms", version, tags: ["a", "b"] };

// packages/lib/json/index.ts
var result = [data_default.name, version, data_default.tags.length];
export {
  result
};

