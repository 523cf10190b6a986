// JSX with custom factories: `h` for elements, `Fragment` for `<>…</>`.
type Node = { tag: string; props: Record<string, unknown> | null; children: unknown[] };
function Fragment(props: { children?: unknown[] }): Node {
  return { tag: 'fragment', props: null, children: props.children ?? [] };
}
function h(tag: string | ((props: any) => Node), props: Record<string, unknown> | null, ...children: unknown[]): Node {
  return typeof tag === 'function' ? tag({ ...props, children }) : { tag, props, children };
}
declare global {
  namespace JSX {
    type Element = Node;
    interface IntrinsicElements {
      [name: string]: Record<string, unknown>;
    }
  }
}
function Badge(props: { text: string }) {
  return <b>{props.text}</b>;
}
const view = (
  <>
    <p title="t">hi {1 + 1}</p>
    <Badge text="new" />
  </>
);
export const result = [view.tag, view.children.map((c) => (c as Node).tag), JSON.stringify((view.children[0] as Node).children)];
