import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // STOREFRONT_BUILD_DIR: the server reads the build from there too (the service-worker journey builds
  // its second "deploy" into a folder of its own).
  buildDirectory: process.env.STOREFRONT_BUILD_DIR ?? 'build',
  ssr: true,
  // The whole route manifest (1.5 KB gzip, cached) up front instead of "lazy" discovery: lazy discovery
  // reads every link of the page after hydration and asks /__manifest for their routes, the longest
  // task after hydration on a page with 24 offers (docs/decisions/010).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
