import { Fragment, jsx, jsxs } from 'tiny-jsx/jsx-runtime';
// packages/lib/jsx-automatic/index.tsx
function Item(props) {
	return /*#__PURE__*/ jsx("li", { children: props.label });
}
const list = /*#__PURE__*/ jsxs("ul", { children: [/*#__PURE__*/ jsx(Item, { label: "a" }), /*#__PURE__*/ jsx(Item, { label: "b" })] }, "k");
const single = /*#__PURE__*/ jsx(Fragment, { children: "one" });
const result = [
	list.type,
	list.key,
	list.many,
	list.props.children.map((c) => c.props.children),
	single.type,
	single.many
];
export { result };

