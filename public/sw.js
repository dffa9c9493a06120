// Ticketyboo's service worker: tickets that still show at a door with no signal.
//
// - Ticket pages (/u/tickets and /u/tickets/{id}, and their .data requests) go to the network
//   first and are kept on the way back; offline, the kept copy is served.
// - Hashed build files (/assets/…) never change: kept once seen, served from the cache after.
// - Route manifests (/__manifest) are kept too, so moving between kept pages works offline.
// - Pages ask it to keep themselves and the files they were drawn with ({type: "keep", urls}),
//   since the page that registers the worker loaded before the worker could see it.
// - Kept pages belong to one person: every page says who is signed in ({type: "user", key}, null
//   when nobody is), and when that changes (log-out, an expired session, another person) the kept
//   tickets are deleted. Log-out also deletes them ({type: "forget"}, or caches.delete).
// - Only a real page (200) is kept; a 404 (a ticket cancelled or passed on), a 401/403 or a redirect
//   to log in removes what was kept for that address.
// Nothing else is touched: every other request goes to the network as if this worker were not here.
const CACHE = "tb-tickets-v1";
const META = "tb-meta-v1";
const TICKET_PAGE = /^\/u\/tickets(\/[0-9a-f-]{36})?(\.data)?$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "user") event.waitUntil(setUser(typeof data.key === "string" ? data.key : null));
  if (data.type === "keep" && Array.isArray(data.urls)) event.waitUntil(setUser(typeof data.key === "string" ? data.key : null).then(() => keep(data.urls)));
  if (data.type === "forget") event.waitUntil(caches.delete(CACHE));
});

/** Remembers whose tickets are kept; someone else (or nobody) means the kept ones go. */
async function setUser(key) {
  const meta = await caches.open(META);
  const stored = await meta.match("/__tb_user");
  const previous = stored ? await stored.text() : "";
  if (previous === (key || "")) return;
  await caches.delete(CACHE);
  await meta.put("/__tb_user", new Response(key || ""));
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (url) => {
      try {
        const { pathname, origin } = new URL(url);
        if (origin !== self.location.origin) return;
        if (!TICKET_PAGE.test(pathname) && !pathname.startsWith("/assets/") && !pathname.startsWith("/__manifest")) return;
        if (pathname.startsWith("/assets/") && (await cache.match(url))) return;
        const response = await fetch(url, { credentials: "same-origin" });
        if (response.status === 200 && !response.redirected) await cache.put(url, response);
      } catch {
        // Offline already, or the page went away: nothing to keep.
      }
    }),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) return event.respondWith(cacheFirst(request));
  if (TICKET_PAGE.test(url.pathname) || url.pathname === "/__manifest") return event.respondWith(networkFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Only a real page is kept. React Router answers a data request's redirect with 202.
    if (response.status === 200 && !response.redirected) await cache.put(request, response.clone());
    else if ([202, 401, 403, 404, 410].includes(response.status) || response.redirected) await cache.delete(request, { ignoreVary: true });
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    if (new URL(request.url).pathname === "/__manifest") {
      // React Router asks about links on the page as they appear. Offline, this answer (its own
      // "reload the document" signal) makes it leave them undiscovered until they are followed,
      // rather than fail: following one then loads the page itself, from here if it was kept.
      return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "offline" } });
    }
    if (request.mode === "navigate") {
      const list = await cache.match("/u/tickets", { ignoreVary: true });
      if (list) return list;
    }
    throw error;
  }
}
