import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const shell = shellChunk();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), migrationsBesideServer(), shell.plugin],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  build: {
    sourcemap: false,
    // The server bundle is our whole program (src/server/main.ts imports React Router's server
    // build), so the app, the services and the pages share one copy of every module.
    ...(isSsrBuild
      ? { rollupOptions: { input: path.resolve(import.meta.dirname, "src/server/main.ts") } }
      : {
          rollupOptions: {
            output: { codeSplitting: { groups: [{ name: "shell", test: (id: string) => shell.modules.has(id) }] } },
          },
        }),
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
      fs.cpSync(path.resolve(import.meta.dirname, "src/db/migrations"), path.join(output.dir, "migrations"), {
        recursive: true,
      });
    },
  };
}

/**
 * Everything the root route loads statically (React, the header, footer, menus, their icons and
 * helpers) is needed by every page, so the browser gets it as one chunk rather than as the forty
 * small ones automatic splitting makes of it: on a phone each request costs a round trip before
 * the page can settle. Only modules every page loads anyway go in, so no page loads more code.
 */
function shellChunk(): { plugin: Plugin; modules: Set<string> } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: "ticketyboo:shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) => /[\\/]src[\\/]web[\\/](root|entry\.client)\.tsx$/.test(id));
      const queue = [...roots];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, modules };
}
