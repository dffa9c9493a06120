// Ticketyboo's service worker: tickets that still show at a door with no signal.
//
// - Ticket pages (/u/tickets and /u/tickets/{id}, and their .data requests) go to the network
//   first and are kept on the way back; offline, the kept copy is served.
// - Hashed build files (/assets/…) never change: kept once seen, served from the cache after.
// - The route manifest is one of those files (every route is in it), so moving between kept pages
//   works offline.
// - Pages ask it to keep themselves and the files they were drawn with ({type: "keep", urls}),
//   since the page that registers the worker loaded before the worker could see it.
// - Kept pages belong to one person: every page says who is signed in ({type: "user", key}, null
//   when nobody is), and when that changes (log-out, an expired session, another person) the kept
//   tickets are deleted. Log-out also deletes them (caches.delete, from the page).
// - Offline, a page never kept is a short "You're offline" page (a move inside the app reloads as a
//   page to get it, rather than show the app's error screen).
// - Only a real page (200) is kept; a 404 (a ticket cancelled or passed on), a 401/403 or a redirect
//   to log in removes what was kept for that address.
// - The door's scan pages (/h/scan/{eventId}) are kept the same way ({type: "keep-door", urls}) in a
//   cache of their own, which belongs to no account (a scanner link has none), so a door device that
//   reloads with no signal still opens its scan page; the page keeps its ticket list in IndexedDB.
// Nothing else is touched: every other request goes to the network as if this worker were not here.
const CACHE = "tb-tickets-v1";
const DOOR = "tb-door-v1";
const DOOR_PAGE = /^\/h\/scan\/[0-9a-f-]{36}$/;
const META = "tb-meta-v1";
const TICKET_PAGE = /^\/u\/tickets(\/[0-9a-f-]{36})?(\.data)?$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "user") event.waitUntil(setUser(typeof data.key === "string" ? data.key : null));
  if (data.type === "keep" && Array.isArray(data.urls))
    event.waitUntil(setUser(typeof data.key === "string" ? data.key : null).then(() => keep(data.urls)));
  if (data.type === "keep-door" && Array.isArray(data.urls)) event.waitUntil(keep(data.urls, DOOR));
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

async function keep(urls, into = CACHE) {
  const cache = await caches.open(into);
  await Promise.all(
    urls.map(async (url) => {
      try {
        const { pathname, origin } = new URL(url);
        if (origin !== self.location.origin) return;
        const page = into === DOOR ? DOOR_PAGE.test(pathname) : TICKET_PAGE.test(pathname);
        if (!page && !pathname.startsWith("/assets/")) return;
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
  if (TICKET_PAGE.test(url.pathname)) return event.respondWith(networkFirst(request));
  if (DOOR_PAGE.test(url.pathname)) return event.respondWith(networkFirst(request, DOOR));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // The door's cache holds the files its page was drawn with, too.
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, from = CACHE) {
  const cache = await caches.open(from);
  try {
    const response = await fetch(request);
    // Only a real page is kept. React Router answers a data request's redirect with 202.
    if (response.status === 200 && !response.redirected) await cache.put(request, response.clone());
    else if ([202, 401, 403, 404, 410].includes(response.status) || response.redirected)
      await cache.delete(request, { ignoreVary: true });
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    const { pathname } = new URL(request.url);
    if (pathname.endsWith(".data")) {
      // A move inside the app (My tickets, another ticket) asks for data this device never kept.
      // React Router's own redirect answer, as a full page load, brings the kept page if there is
      // one, or the offline page below: never its error screen.
      return new Response(null, {
        status: 204,
        headers: { "X-Remix-Redirect": pathname.slice(0, -".data".length), "X-Remix-Reload-Document": "true" },
      });
    }
    if (request.mode === "navigate" && from === DOOR) return offlinePage(false, false, true);
    if (request.mode === "navigate")
      return offlinePage(Boolean(await cache.match("/u/tickets", { ignoreVary: true })), pathname === "/u/tickets");
    throw error;
  }
}

/** What a ticket page (or a door's scan page) that was never opened on this device says with no signal. */
function offlinePage(listKept, isList, door = false) {
  const what = door
    ? "This event's scan page hasn't been opened on this device, so it isn't saved here."
    : isList
      ? "Your tickets haven't been saved on this device yet."
      : "This ticket hasn't been opened on this device, so it isn't saved here.";
  const link = listKept && !isList ? '<p><a href="/u/tickets">See the tickets saved here</a></p>' : "";
  const style = [
    "body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.25rem;line-height:1.5;",
    "background:Canvas;color:CanvasText}",
    "main{max-width:32rem;margin:0 auto}h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#c2185b;font-weight:600}",
    "@media (prefers-color-scheme:dark){a{color:#f48fb1}}",
  ].join("");
  const html = [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>You're offline · Ticketyboo</title><style>${style}</style></head>`,
    '<body><main><p style="font-weight:800;font-size:1.25rem;margin:0 0 1.5rem">',
    'ticketyboo<span style="color:#e91e63">.</span></p>',
    `<h1>You're offline</h1><p>${what} Open it once with a signal and it will show here next time, even with none.</p>`,
    `${link}<p><a href="">Try again</a></p></main></body></html>`,
  ].join("");
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
