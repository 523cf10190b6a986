// What vite/client declares for a stylesheet imported for its effect (Vite's own vite-env.d.ts references it).
declare module '*.css' {}
