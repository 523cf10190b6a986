export * from './types.js';
export * from './core.js';
