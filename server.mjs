// Starts Atelier. Production: the built server bundle (npm run build); `--worker` runs only the
// job workers (PostgreSQL deployments). Development: Vite in middleware mode with hot reload. Kept as plain JS because it runs before anything is built.
import process from "node:process";

// React and React DOM pick their development or production build from NODE_ENV the first time
// they are loaded, and only imports below this line load them: anything but `npm run dev` serves
// the production build unless told otherwise (config.ts rejects values other than the three).
process.env.NODE_ENV ||= "production";

function fail(error) {
  // A ConfigError names every bad variable; print it plainly, without a stack.
  if (error && error.name === "ConfigError") console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
}

if (process.env.NODE_ENV === "development") {
  const { default: express } = await import("express");
  const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
  const load = () => vite.ssrLoadModule("./server/dev.ts");
  const dev = await load().catch(fail);
  await dev.prepareDevServer().catch(fail);
  const app = express();
  app.use(vite.middlewares);
  app.use(async (req, res, next) => {
    try {
      const mod = await load();
      mod.getDevApp()(req, res, next);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, process.env.HOST ?? "127.0.0.1", () =>
    console.log(`Atelier (development) on http://localhost:${port}`),
  );
} else {
  try {
    const { startServer, startWorker } = await import("./build/server/index.js");
    if (process.argv.includes("--worker")) await startWorker();
    else await startServer();
  } catch (error) {
    fail(error);
  }
}
