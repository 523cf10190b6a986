// Ambient: no file imports it; tsconfig.app.json's "include" names it (as a Vite app's vite-env.d.ts).
interface ImportMetaEnv {
  readonly VITE_TITLE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
