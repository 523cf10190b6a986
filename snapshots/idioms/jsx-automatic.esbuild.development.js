// packages/lib/jsx-automatic/index.tsx
import { Fragment, jsx, jsxs } from "tiny-jsx/jsx-runtime";
function Item(props) {
  return /* @__PURE__ */ jsx("li", { children: props.label });
}
var list = /* @__PURE__ */ jsxs("ul", { children: [
  /* @__PURE__ */ jsx(Item, { label: "a" }),
  /* @__PURE__ */ jsx(Item, { label: "b" })
] }, "k");
var single = /* @__PURE__ */ jsx(Fragment, { children: "one" });
var result = [list.type, list.key, list.many, list.props.children.map((c) => c.props.children), single.type, single.many];
export {
  result
};

