import type { SampleConfig } from '../../helpers/sample.js';

export default {
  description: "Tailwind 4 through the package's postcss.config.mjs, and a CSS Module",
  requests: [
    { name: 'app-main.development', target: '/m/@styled/app@0.1.0/modules/main?{dev}', status: 200 },
    { name: 'app-main.development', target: '/m/@styled/app@0.1.0/styles/main?{dev}', status: 200 },
    { name: 'app-main.production', target: '/m/@styled/app@0.1.0/styles/main?{prod}', status: 200 },
  ],
} satisfies SampleConfig;
