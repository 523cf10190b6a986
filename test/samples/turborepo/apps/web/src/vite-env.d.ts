// What vite/client declares for the app's code, written out (as a Vite app's vite-env.d.ts references it).
interface ImportMetaEnv {
  readonly VITE_APP_TITLE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv & { readonly MODE: string };
}

declare module '*.css' {}
declare module '*.svg' {
  const url: string;
  export default url;
}
