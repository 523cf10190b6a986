import type { SampleConfig } from '../../helpers/sample.js';

export default {
  description: "shadcn's monorepo shape: packages/ui exports ./globals.css (Tailwind 4 through its postcss.config.mjs) and ./button.module.css, which the app in apps/web imports by specifier",
  requests: [
    { name: 'ui-globals-module.development', target: '/m/@workspace/ui@0.0.0/modules/globals.css?{dev}', status: 200 },
    { name: 'ui-globals-module.production', target: '/m/@workspace/ui@0.0.0/modules/globals.css?{prod}', status: 200 },
    { name: 'ui-button-module.development', target: '/m/@workspace/ui@0.0.0/modules/button.module.css?{dev}', status: 200 },
    { name: 'ui-button-module.production', target: '/m/@workspace/ui@0.0.0/modules/button.module.css?{prod}', status: 200 },
    { name: 'ui-button-styles.development', target: '/m/@workspace/ui@0.0.0/styles/button.module.css?{dev}', status: 200 },
    { name: 'ui-button-styles.production', target: '/m/@workspace/ui@0.0.0/styles/button.module.css?{prod}', status: 200 },
    { name: 'web-main.development', target: '/m/@workspace/web@0.0.1/modules/src/main?{dev}', status: 200 },
    { name: 'ui-utils-styles', target: '/m/@workspace/ui@0.0.0/styles/lib/utils?{dev}', status: 404, error: { code: 'OUTPUT_NOT_AVAILABLE' } },
    { name: 'ui-postcss-config', target: '/m/@workspace/ui@0.0.0/modules/postcss.config?{dev}', status: 404, error: { code: 'MODULE_NOT_FOUND' } },
  ],
} satisfies SampleConfig;
