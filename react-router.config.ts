import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every v8 behaviour is on now, so moving to React Router 8 is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
