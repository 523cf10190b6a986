// A private helper imported on demand: kit inlines it into the module's one artifact.
const lazy = await import('./lazy.js');
export const result = [lazy.answer(), typeof lazy];
