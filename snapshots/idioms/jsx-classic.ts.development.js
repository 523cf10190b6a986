// packages/lib/jsx-classic/index.tsx
function Fragment(props) {
	return {
		tag: "fragment",
		props: null,
		children: props.children ?? []
	};
}
function h(tag, props, ...children) {
	return typeof tag === "function" ? tag({
		...props,
		children
	}) : {
		tag,
		props,
		children
	};
}
function Badge(props) {
	return /*#__PURE__*/ h("b", null, props.text);
}
const view = /*#__PURE__*/ h(Fragment, null, /*#__PURE__*/ h("p", { title: "t" }, "hi ", 2), /*#__PURE__*/ h(Badge, { text: "new" }));
const result = [
	view.tag,
	view.children.map((c) => c.tag),
	JSON.stringify(view.children[0].children)
];
export { result };

