// Says whether the service at a URL (postgres:// or redis://) answers, for CI steps whose suite
// needs it. Prints "answers" or "missing" on stdout. When REQUIRE_SERVICES=true (a CI run) a
// service that does not answer is a failure: it says so on stderr and exits 1, so a suite that
// should have run cannot pass by being skipped.
// Usage: node scripts/service-answers.mjs postgres://postgres@127.0.0.1:5432/test
import net from "node:net";
import pg from "pg";

const url = new URL(process.argv[2] ?? "");
const required = process.env.REQUIRE_SERVICES === "true";
const name = url.protocol === "redis:" ? "Redis" : "PostgreSQL";
const where = `${url.hostname}:${url.port || (name === "Redis" ? 6379 : 5432)}`;

async function answers() {
  if (name === "PostgreSQL") {
    const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.end();
    return;
  }
  await new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(3000, () => socket.destroy(new Error("no answer within 3 s")));
    socket.on("connect", () => socket.end(resolve));
    socket.on("error", reject);
  });
}

try {
  await answers();
  console.log("answers");
} catch (error) {
  const why = error instanceof Error ? error.message || error.constructor.name : String(error);
  if (required) {
    console.error(
      `== FAILED: ${name} does not answer at ${where} (${why}). CI runs the ${name} suite, so it must be running; to ` +
        `skip it, run without CI=true.`,
    );
    process.exit(1);
  }
  console.error(`== no ${name} at ${where} (${why}): skipping its suite`);
  console.log("missing");
}
