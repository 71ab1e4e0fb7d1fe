import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/** server/ holds secrets and the database: a browser bundle that imports it must fail the build. */
function serverBoundary(): Plugin {
  const serverDir = path.resolve("server") + path.sep;
  return {
    name: "atelier:server-boundary",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id.startsWith(serverDir) && importer && !importer.startsWith(serverDir)) {
        this.error(
          `Browser code imports server-only module ${path.relative(".", resolved.id)} from ${path.relative(".", importer)}`,
        );
      }
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is Atelier's composition root, which imports the React Router
  // server build itself: one bundle, one module graph, one database handle.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : {},
  resolve: { tsconfigPaths: true },
  define: { __ATELIER_BUILD_TIME__: JSON.stringify(Date.now()) },
  plugins: [serverBoundary(), tailwindcss(), reactRouter()],
}));
