import { jsxs, jsx, Fragment } from 'tiny-jsx/jsx-runtime';

// The automatic runtime: `tiny-jsx/jsx-runtime` is imported by the transform, and stays a bare import.
function Item(props) {
    return /*#__PURE__*/ jsx("li", {
        children: props.label
    });
}
const list = /*#__PURE__*/ jsxs("ul", {
    children: [
        /*#__PURE__*/ jsx(Item, {
            label: "a"
        }),
        /*#__PURE__*/ jsx(Item, {
            label: "b"
        })
    ]
}, "k");
const single = /*#__PURE__*/ jsx(Fragment, {
    children: "one"
});
const result = [
    list.type,
    list.key,
    list.many,
    list.props.children.map((c)=>c.props.children),
    single.type,
    single.many
];

export { result };
