/**
 * The integration files the PostgreSQL run leaves out (decision 0057). The run exists to try our SQL,
 * its locks and its pools on a real server; these files ask nothing of the engine that PGlite (the
 * same PostgreSQL, in one connection) doesn't already answer in `npm test`, and running them twice
 * cost CI about two of its minutes.
 */
export const ENGINE_BLIND: Record<string, string> = {
  // They open no test database at all.
  "src/db/data-dir-lock.test.ts": "PGlite's own data-directory lock",
  "src/server/main.test.ts": "the built server, started on a PGlite data directory of its own",
  "src/server/compress.test.ts": "response compression",
  "src/server/config.server.test.ts": "reading the environment",
  "src/server/ticket-codes.server.test.ts": "signing and checking ticket codes",
  "src/server/email/render.server.test.ts": "rendering emails",
  "src/server/payments/stripe.server.test.ts": "the Stripe client against its fake",
  "src/server/team-chat.server.test.ts": "the team chat's webhook",
  "src/server/throttle-redis.server.test.ts": "the Redis rate-limit store",
  "src/services/process-image-upload.test.ts": "decoding pictures",
  "src/services/receipt-pdf.server.test.ts": "drawing a receipt",
  "src/services/share-images.server.test.ts": "drawing share images",
  "src/web/lib/ticket-qr.server.test.ts": "drawing and reading tickets' QR codes",
  "src/services/ticket-pdf.server.test.ts": "drawing a ticket",
  // Sequential requests through every route: what they test (parsing, limits, who may ask) is
  // decided before or around the queries, which are the same SQL on both engines.
  "src/server/input-edge.test.ts": "bad input at the edge of every route",
  "src/server/studio-access-sweep.test.ts": "every Studio page and form refused to the wrong person",
};

/** Files whose subject is the HTTP edge: they open a database, but nothing in them depends on the engine. */
export const HTTP_SWEEPS = ["src/server/input-edge.test.ts", "src/server/studio-access-sweep.test.ts"];
