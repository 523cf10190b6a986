import { postcss, valueParser } from '../commonjs.js';

/**
 * The stylesheet with every relative `url()` made absolute against `address`, the path it is
 * addressed at (`/m/<package>@<version>/styles/<subpath>`): served from another path (the
 * `/u/` update route), its assets still resolve to their own addresses.
 */
export function rebaseStyleUrls(css: string, address: string): string {
  if (!css.includes('url(')) return css;
  const base = new URL(address, 'http://kit.invalid');
  // The inline map is carried through as a comment, not read.
  const root = postcss.parse(css, { map: { prev: false } });
  root.walkDecls((decl) => {
    if (!decl.value.includes('url(')) return;
    const value = valueParser(decl.value);
    value.walk((node) => {
      if (node.type !== 'function' || node.value !== 'url' || node.nodes.length !== 1) return;
      const url = node.nodes[0];
      if (!/^\.\.?\//.test(url.value)) return;
      const target = new URL(url.value, base);
      url.value = target.pathname + target.search + target.hash;
    });
    decl.value = value.toString();
  });
  return root.toString();
}
