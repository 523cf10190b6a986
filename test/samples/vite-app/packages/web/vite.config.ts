// Read by tsconfig.node.json's project only, as Vite's config is.
export default { resolve: { alias: { '@': '/src' } } };
