import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const shell = shellChunk();
/** Whether a module is one of these files of src/ (paths with forward slashes, whatever the platform's). */
const srcFiles =
  (...paths: string[]) =>
  (id: string) =>
    paths.some((p) => id.replaceAll("\\", "/").endsWith(`/src/${p}`));
// The small rules every event card needs (prices, dates, formats, categories, what is on sale, the
// pages' meta tags): split by which pages use each, they came as many tiny files, a round trip each.
const cardRules = srcFiles(
  "domain/categories.ts",
  "domain/pricing.ts",
  "domain/money.ts",
  "domain/event-flags.ts",
  "domain/ticket-availability.ts",
  "lib/london-time.ts",
  "lib/format.ts",
  "web/lib/images.ts",
  "web/lib/seo.ts",
);
// The lists of events (the cards' grid, its filters and pages): the home page, Explore, the category
// and type pages and search each use nearly all of it.
const listingParts = srcFiles(
  "domain/discovery.ts",
  "web/lib/listing-filters.ts",
  "web/components/ui/pagination.tsx",
  "web/components/events/event-card.tsx",
  "web/components/events/filter-bar.tsx",
  "web/components/events/category-strip.tsx",
  "web/components/events/listing-page.tsx",
);
// The booking panel's parts (its rows, totals, inline log-in, the saved basket, seats, directions):
// the event page and the widget's booking page share them, and shared they split into tiny files.
const bookingParts = srcFiles(
  "domain/seat-plan.ts",
  "lib/maps.ts",
  "web/components/booking/inline-log-in.tsx",
  "web/components/booking/ticket-row.tsx",
  "web/components/booking/order-totals.tsx",
  "web/components/booking/basket-price.ts",
  "web/components/booking/saved-basket.ts",
  "web/components/booking/ticket-prices.tsx",
);
// The form fields and the profile's rules: sign-up, log-in and the booking panel's inline log-in use them.
const formParts = srcFiles("web/components/ui/field.tsx", "domain/profile-rules.ts");

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), migrationsBesideServer(), precompressed(), shell.plugin],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  build: {
    sourcemap: false,
    // The server bundle is our whole program (src/server/main.ts imports React Router's server
    // build), so the app, the services and the pages share one copy of every module.
    ...(isSsrBuild
      ? { rollupOptions: { input: path.resolve(import.meta.dirname, "src/server/main.ts") } }
      : {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "shell", test: (id: string) => shell.modules.has(id) },
                  { name: "cards", test: cardRules },
                  { name: "listings", test: listingParts },
                  { name: "forms", test: formParts },
                  { name: "booking", test: bookingParts },
                ],
              },
            },
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
 * Brotli (quality 11) and gzip (level 9) copies beside each compressible file of the client build,
 * which the server sends as they are (`serveStatic`'s `precompressed`). Compressing on the fly has
 * to be quick (Brotli 5), and a phone on a slow link pays for every byte: the two largest scripts
 * every page loads shrink by about a tenth more (126 KB to 114 KB).
 */
function precompressed(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const compressible = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|wasm)$/;
  // Not the build's own folders (.vite holds Vite's manifest, which names our source files): React
  // Router deletes the manifest, and a compressed copy left beside it would be served to anyone.
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.name.startsWith("."))
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: "ticketyboo:precompressed",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(output) {
      if (!output.dir) return;
      // Public files (the manifest, the service worker) are copied in by now, so they get copies too.
      const found = files(output.dir).filter((f) => compressible.test(f) && fs.statSync(f).size >= 1024);
      await Promise.all(
        found.map(async (file) => {
          const source = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Everything the root route loads statically (React, the header, footer, menus, their icons and
 * helpers) is needed by every page, so the browser gets it as one chunk rather than as the forty
 * small ones automatic splitting makes of it: on a phone each request costs a round trip before
 * the page can settle. Only modules every page loads anyway go in, so no page loads more code.
 *
 * Icons come through lucide-react's one index, which imports every icon: following it would put
 * every icon named anywhere (the Studio's editor toolbar too) in every public page's shell. So the
 * index is not followed; the shell takes the icons the public pages name (their `import { … } from
 * "lucide-react"`), and the icons only Partner Studio (the door's too), staff and dev pages name stay with those pages.
 */
function shellChunk(): { plugin: Plugin; modules: Set<string> } {
  const modules = new Set<string>();
  const iconNames = new Map<string, string[]>();
  const notPublic = /[\\/]src[\\/]web[\\/](routes[\\/](h|staff|dev)[\\/]|components[\\/](studio|door)[\\/])/;
  const isLucideIndex = (id: string) =>
    /lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/.test(id);
  const plugin: Plugin = {
    name: "ticketyboo:shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/[\\/]src[\\/]web[\\/]/.test(id) || notPublic.test(id)) return null;
      const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
        m[1]!
          .split(",")
          .map((n) =>
            n
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!
              .trim(),
          )
          .filter(Boolean),
      );
      if (names.length > 0) iconNames.set(id, names);
      return null;
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const lucide = ids.find((id) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
      // Which file each exported icon name comes from, read from the index's own export lines.
      const fileOf = new Map<string, string>();
      if (lucide) {
        const source = fs.readFileSync(lucide, "utf8");
        for (const m of source.matchAll(/export \{([^}]+)\} from '(\.\/icons\/[^']+)'/g))
          for (const part of m[1]!.split(","))
            fileOf.set(part.trim().replace(/^default as /, ""), path.resolve(path.dirname(lucide), m[2]!));
      }
      const queue = ids.filter((id) => /[\\/]src[\\/]web[\\/](root|entry\.client)\.tsx$/.test(id));
      for (const names of iconNames.values())
        for (const name of names) {
          const file = fileOf.get(name);
          if (file) queue.push(file);
        }
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        if (!isLucideIndex(id)) queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, modules };
}
