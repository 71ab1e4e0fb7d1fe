import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Middleware runs the navigation checks (spec §2) once per request, before loaders.
    v8_middleware: true,
  },
} satisfies Config;
