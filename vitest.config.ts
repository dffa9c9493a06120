import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { ENGINE_BLIND } from "./tests/setup/postgres-run";

const alias = { "~": path.resolve(import.meta.dirname, "src") };

export default defineConfig({
  resolve: { alias },
  test: {
    // A worker per core. Vitest's default leaves one core to itself (one worker on a 2-core CI
    // machine), but its own process sits idle while the files run: two workers take the suite from
    // about 6.5 to 4.5 minutes there.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // A worker's files share its modules (Vitest's default gives each file a fresh copy of every
          // module it imports): importing the app again for each file was a third of the suite's time
          // on a 2-core machine, and no test relies on a module's state starting fresh. Decision 0051.
          isolate: false,
          include: [
            "src/domain/**/*.test.ts",
            "src/lib/**/*.test.ts",
            "src/web/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
          // Server-only web modules that need the database (the Studio's guard) are integration tests.
          exclude: [...configDefaults.exclude, "src/web/**/*.server.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // Integration tests use a real database: PGlite by default, PostgreSQL when
          // TEST_DATABASE_URL is set. Each file gets a copy of one template migrated per run.
          name: "integration",
          environment: "node",
          // As the unit tests (decision 0051); each file still gets its own database from the template.
          isolate: false,
          include: [
            "src/services/**/*.test.ts",
            "src/db/**/*.test.ts",
            "src/server/**/*.test.ts",
            "src/web/**/*.server.test.ts",
          ],
          // On PostgreSQL (`npm run test:postgres`), the files that ask nothing of the engine stay out.
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? Object.keys(ENGINE_BLIND) : [])],
          globalSetup: ["tests/setup/global-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Reads the production build (and makes it first when the sources are newer).
          name: "budgets",
          environment: "node",
          include: ["tests/budgets/**/*.test.ts"],
        },
      },
    ],
  },
});
