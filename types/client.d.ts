// @kit-js/packages/client: what kit gives browser code, for the editor and tsc (as vite/client):
// the imports of stylesheets, assets and suffixes, and import.meta.env. A workspace names it in a
// .d.ts its tsconfig includes: /// <reference types="@kit-js/packages/client" />
/// <reference path="./kit-env.d.ts" />
// import.meta.env as Vite types it: what kit defines in every browser module (MODE, DEV, PROD,
// SSR, BASE_URL, and the VITE_ and KIT_PUBLIC_ variables of the environment and .env files).
// Declare your own variables by adding to ImportMetaEnv, as with Vite.
interface ImportMetaEnv {
  [key: string]: any;
  readonly BASE_URL: string;
  readonly MODE: string;
  readonly DEV: boolean;
  readonly PROD: boolean;
  readonly SSR: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
