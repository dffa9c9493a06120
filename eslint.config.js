import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverOnly = {
  group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
  message: "Server-only module: import it from loaders/actions, services or server code, never from browser code.",
};

// Toasts load on demand (src/web/components/ui/toast.tsx): a static import of sonner would put it
// back on every page's first load.
const eagerSonner = {
  name: "sonner",
  allowTypeImports: true,
  message: "Import `toast` from ~/web/components/ui/toast, which loads sonner when it is needed.",
};

/**
 * The layers, innermost first (decision 0022). Each may import only the layers listed for it;
 * `~/texts` (every text the spec gives) is the one module every layer may import.
 *   texts ← nothing; lib ← texts; domain ← lib; db ← domain, lib; services ← db, domain, lib;
 *   server and web ← services and below. Web may name the server's and the database's types (the
 *   load context's contract), but never load their code, and never Drizzle.
 */
const LAYERS = ["texts", "lib", "domain", "db", "services", "server", "web"];
const MAY_IMPORT = {
  texts: [],
  lib: ["texts"],
  domain: ["texts", "lib"],
  db: ["texts", "lib", "domain"],
  services: ["texts", "lib", "domain", "db"],
  server: ["texts", "lib", "domain", "db", "services"],
  web: ["texts", "lib", "domain", "services"],
};
const TYPES_ONLY = { web: ["db", "server"] };
const layerPattern = (layer) => `^(~/|(\\.\\./)+)${layer}(/|$)`;
/** What `layer` may import, as a refusal of `l` says it. */
function mayImport(layer, l) {
  const types = TYPES_ONLY[layer]?.includes(l) ? ` (and the types of ${l})` : "";
  return `${MAY_IMPORT[layer].join(", ") || "nothing of ours"}${types}`;
}
function layerRule(layer) {
  const own = (l) => l === layer || MAY_IMPORT[layer].includes(l);
  const refused = LAYERS.filter((l) => !own(l));
  const patterns = refused.map((l) => ({
    regex: layerPattern(l),
    allowTypeImports: (TYPES_ONLY[layer] ?? []).includes(l),
    message: `src/${layer} may import ${mayImport(layer, l)}, never ${l}: see docs/architecture.md.`,
  }));
  if (!["db", "services", "server"].includes(layer)) {
    patterns.push({ regex: "^drizzle-orm(/|$)", message: `src/${layer} does not query the database: call a service.` });
  }
  return {
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "data/",
      "coverage/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Prettier lays code out at 120 columns but never breaks a string, a template or a comment.
      "max-len": ["error", { code: 120, tabWidth: 2 }],
    },
  },
  {
    // The domain is pure: no I/O, no clock, no environment. Callers pass `now`.
    files: ["src/domain/**/*.ts"],
    ignores: ["src/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "http", "https", "net", "child_process", "crypto"],
              message: "src/domain does no I/O.",
            },
            {
              group: [
                "pg",
                "@electric-sql/*",
                "drizzle-orm",
                "drizzle-orm/*",
                "hono",
                "hono/*",
                "react",
                "react-router",
              ],
              message: "src/domain depends on nothing of the app's frameworks.",
            },
            {
              group: [
                "~/db/*",
                "~/server/*",
                "~/services/*",
                "~/web/*",
                "../db/*",
                "../server/*",
                "../services/*",
                "../web/*",
              ],
              message: "Imports flow into the domain, never out of it.",
            },
            serverOnly,
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "process", message: "No environment in the domain: pass values in." },
        { name: "fetch", message: "No I/O in the domain." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "No clock in the domain: take `now` as a parameter.",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "No clock in the domain: take `now` as a parameter.",
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: "No hidden randomness in the domain: pass a source in.",
        },
      ],
    },
  },
  {
    // Code that can reach the browser bundle must never import a .server module.
    files: [
      "src/web/components/**/*.{ts,tsx}",
      "src/web/lib/**/*.{ts,tsx}",
      "src/web/content/**/*.ts",
      "src/lib/**/*.ts",
    ],
    // …except server-only modules themselves, which may use one another.
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.server.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [eagerSonner], patterns: [serverOnly] }] },
  },
  {
    // Route modules and the root may import server code (React Router strips it), but not sonner.
    files: ["src/web/routes/**/*.{ts,tsx}", "src/web/root.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [eagerSonner] }] },
  },
  ...LAYERS.map(layerRule),
  {
    // One way to read a form (DESIGN §3): actions and API routes read their input through
    // readForm / parseForm / parseQuery / readJson (src/lib/read-form.ts), never the body directly.
    files: ["src/web/routes/**/*.{ts,tsx}", "src/server/api/**/*.ts"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(formData|json|parseBody)$/][callee.object.name=/^(request|req)$/]",
          message:
            "Read input with readForm(request, schema) or readJson from ~/lib/read-form: size-limited, typed, field " +
            "errors by name.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(formData|json|parseBody)$/]" +
            "[callee.object.property.name=/^(req|raw)$/]",
          message:
            "Read input with readForm / parseForm / readJson from ~/lib/read-form, and answer errors with " +
            "errorResponse.",
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
// Route modules (src/web/routes, root.tsx) may import server code for their loaders and actions:
// React Router strips it from the browser bundle and fails the build if a .server module would leak.
