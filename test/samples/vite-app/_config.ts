import type { SampleConfig } from '../../helpers/sample.js';

export default {
  description: 'a Vite React-style app (preact): a solution tsconfig, an ambient declaration named by include, @/ aliases',
  requests: [
    { name: 'web-main.development', target: '/m/@vite/web@0.1.0/modules/main?{dev}', status: 200 },
    { name: 'web-main.production', target: '/m/@vite/web@0.1.0/modules/main?{prod}', status: 200 },
    { name: 'web-button.development', target: '/m/@vite/web@0.1.0/modules/button?{dev}', status: 200 },
    { name: 'web-main.development', target: '/m/@vite/web@0.1.0/styles/main?{dev}', status: 200 },
  ],
} satisfies SampleConfig;
