// Ambient types kit adds to every `ts` build: what an imported stylesheet or asset yields.
// A CSS Module: each class by its scoped name, as Vite types it. Before '*.css': TypeScript takes
// the first of the patterns that match alike. The patterns match a stylesheet another package
// exports too ('@acme/ui/globals.css', '@acme/ui/button.module.css'): TypeScript resolves no
// declaration for its `exports` target, so these stand for it.
declare module '*.module.css' { const classes: { readonly [key: string]: string }; export default classes; }
declare module '*.css' {}
declare module '*.svg' { const url: string; export default url; }
declare module '*.png' { const url: string; export default url; }
declare module '*.jpg' { const url: string; export default url; }
declare module '*.jpeg' { const url: string; export default url; }
declare module '*.gif' { const url: string; export default url; }
declare module '*.webp' { const url: string; export default url; }
declare module '*.avif' { const url: string; export default url; }
declare module '*.ico' { const url: string; export default url; }
declare module '*.woff' { const url: string; export default url; }
declare module '*.woff2' { const url: string; export default url; }
declare module '*.txt' { const url: string; export default url; }

// Vite's import suffixes (CONTRACT §11), typed as Vite's client.d.ts types them: `?raw` is the
// file's text, `?url` a declared asset's address, `?inline` a stylesheet's text or an asset's data URL.
declare module '*?raw' { const text: string; export default text; }
declare module '*?url' { const url: string; export default url; }
declare module '*?inline' { const inlined: string; export default inlined; }
