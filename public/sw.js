// Ticketyboo's service worker: tickets that still show at a door with no signal.
//
// - Ticket pages (/u/tickets and /u/tickets/{id}, and their .data requests) go to the network
//   first and are kept on the way back; offline, the kept copy is served.
// - Hashed build files (/assets/…) never change: kept once seen, served from the cache after.
// - Route manifests (/__manifest) are kept too, so moving between kept pages works offline.
// - Pages ask it to keep themselves and the files they were drawn with ({type: "keep", urls}),
//   since the page that registers the worker loaded before the worker could see it.
// - Log-out deletes the cache ({type: "forget"}, or caches.delete from the page).
// Nothing else is touched: every other request goes to the network as if this worker were not here.
const CACHE = "tb-tickets-v1";
const TICKET_PAGE = /^\/u\/tickets(\/[0-9a-f-]{36})?(\.data)?$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep" && Array.isArray(data.urls)) event.waitUntil(keep(data.urls));
  if (data.type === "forget") event.waitUntil(caches.delete(CACHE));
});

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
        if (response.ok) await cache.put(url, response);
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
    // Only a real page is kept: not a redirect to log in, not an error.
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
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
