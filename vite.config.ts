import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), migrationsBesideServer()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  build: {
    sourcemap: false,
    // The server bundle is our whole program (src/server/main.ts imports React Router's server
    // build), so the app, the services and the pages share one copy of every module.
    ...(isSsrBuild && { rollupOptions: { input: path.resolve(import.meta.dirname, "src/server/main.ts") } }),
  },
}));

/** The SQL migrations, beside the server bundle, where `migrate.server.ts` looks for them once built. */
function migrationsBesideServer(): Plugin {
  return {
    name: "ticketyboo:migrations",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(output) {
      if (!output.dir) throw new Error("the server build has no output directory to put the migrations in");
      fs.cpSync(path.resolve(import.meta.dirname, "src/db/migrations"), path.join(output.dir, "migrations"), { recursive: true });
    },
  };
}
