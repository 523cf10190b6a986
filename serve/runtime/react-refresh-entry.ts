// React Fast Refresh's runtime, loaded by the preview before the application when the page
// reaches react-dom: it must hook into React before react-dom first runs. The development
// runtime (react-refresh.ts) finds it as `window.__kit_refresh`.
import RefreshRuntime from 'react-refresh/runtime';

RefreshRuntime.injectIntoGlobalHook(window);
(window as unknown as { __kit_refresh: typeof RefreshRuntime }).__kit_refresh = RefreshRuntime;
