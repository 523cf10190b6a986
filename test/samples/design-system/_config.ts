import type { SampleConfig } from '../../helpers/sample.js';

export default {
  description: 'a shadcn-style design system: "." with conditions, ./components/* and ./lib/* patterns, preact JSX, workspace:^ and catalog: ranges',
  requests: [
    { name: 'ui-index.development', target: '/m/@acme/ui@1.0.0/modules/index?{dev}', status: 200 },
    { name: 'ui-components-button.development', target: '/m/@acme/ui@1.0.0/modules/components/button?{dev}', status: 200 },
    { name: 'web-index.development', target: '/m/@acme/web@0.1.0/modules/index?{dev}', status: 200 },
    { name: 'web-index.production', target: '/m/@acme/web@0.1.0/modules/index?{prod}', status: 200 },
    { name: 'preview-entry', target: '/preview/entry.json', status: 200 },
    { name: 'ui-dist', target: '/m/@acme/ui@1.0.0/modules/dist/index?{dev}', status: 404, error: { code: 'MODULE_NOT_FOUND' } },
  ],
} satisfies SampleConfig;
