// Database chores from the command line:
//   npm run db:migrate                 apply committed migrations to the configured database
//   npm run db:seed                    seed demo data if the database has none
//   npm run db:seed -- --events 5000   add 5000 synthetic events (for benchmarks)
import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { loadTicketCodes } from "~/server/ticket-codes.server";
import { openDatabase } from "~/db/client.server";
import { prepareDatabase } from "~/db/migrate.server";
import { seedDemoIfEmpty } from "~/db/seed/seed-demo";
import { seedSyntheticEvents } from "~/db/seed/synthetic";

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { engine: "postgres", url: config.databaseUrl }
    : { engine: "pglite", dataDir: path.join(config.dataDir, "pglite") },
);
const storage = createLocalStorage(path.join(config.dataDir, "uploads"));

try {
  if (command === "migrate") {
    await prepareDatabase(database);
    console.log(`Migrated (${database.engine}).`);
  } else if (command === "seed") {
    const flag = args.indexOf("--events");
    const count = flag >= 0 ? Number(args[flag + 1]) : 0;
    if (flag >= 0 && (!Number.isInteger(count) || count < 1 || count > 1_000_000)) {
      throw new Error("--events needs a whole number between 1 and 1000000, e.g. --events 5000");
    }
    await prepareDatabase(database, async (db) => {
      const seeded = await seedDemoIfEmpty(db, { now: new Date(), storage, sign: (await loadTicketCodes(db)).sign });
      console.log(seeded ? "Seeded demo data." : "Demo data already present.");
      if (count > 0)
        console.log(`Added ${await seedSyntheticEvents(db, { now: new Date(), count })} synthetic events.`);
    });
  } else {
    throw new Error(`Unknown command ${command ?? "(none)"}: use migrate or seed`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
