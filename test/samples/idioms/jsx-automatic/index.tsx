// The automatic runtime: `tiny-jsx/jsx-runtime` is imported by the transform, and stays a bare import.
function Item(props: { label: string }) {
  return <li>{props.label}</li>;
}
const list = (
  <ul key="k">
    <Item label="a" />
    <Item label="b" />
  </ul>
);
const single = <>one</>;
export const result = [list.type, list.key, list.many, (list.props.children as { props: { children: string } }[]).map((c) => c.props.children), single.type, single.many];
