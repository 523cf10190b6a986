// kit-declarations:packages/lib/const-enum-ambient/ambient.d.ts
var Level = /* @__PURE__ */ (function(Level2) {
  Level2[Level2["Low"] = 1] = "Low";
  Level2[Level2["High"] = 9] = "High";
  return Level2;
})({});
var Mode = /* @__PURE__ */ (function(Mode2) {
  Mode2["Light"] = "light";
  Mode2["Dark"] = "dark";
  return Mode2;
})({});

// packages/lib/const-enum-ambient/index.ts
var named = { name: "n" };
var result = [Level.High, Level.Low, Mode.Dark, named.name];
export {
  result
};

