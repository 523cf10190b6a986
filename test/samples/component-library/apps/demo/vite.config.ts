// Vite reads the library's sources through the same condition kit.json names.
export default { resolve: { conditions: ['@acme/source'] } };
