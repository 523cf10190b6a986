function answer() {
    return 42;
}

var lazy$1 = /*#__PURE__*/Object.freeze({
  __proto__: null,
  answer: answer
});

// A private helper imported on demand: kit inlines it into the module's one artifact.
const lazy = await Promise.resolve().then(function () { return lazy$1; });
const result = [
    lazy.answer(),
    typeof lazy
];

export { result };
