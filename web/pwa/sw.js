// Ohm's service worker. This file is a template: at build time scripts/precache.sh (a Trunk
// post_build hook) replaces the two placeholders with the list of every built file, hashed
// wasm/js names included, and a hash of their contents. Any change to the build changes this
// file byte-wise, so the browser installs the new worker; the page then offers a reload.
const VERSION = "__OHM_VERSION__";
const PRECACHE = __OHM_PRECACHE__;
const CACHE = "ohm-" + VERSION;

self.addEventListener("install", (event) => {
  // `cache: "reload"` skips the HTTP cache: the worker's files keep their names across builds.
  const requests = PRECACHE.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
  // The very first install takes over at once; an update waits for the page to ask
  // (the "new version available" banner), so a game in progress never reloads by surprise.
  if (!self.registration.active) self.skipWaiting();
});

self.addEventListener("message", (event) => {
  if (event.data === "ohm-activate-update") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("ohm-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages come from this version's cache (so a page always matches its wasm); the app's
    // own address (`./`, `./?play`) is index.html. Anything not precached goes to the network.
    const path = new URL(request.url).pathname;
    const scope = new URL(self.registration.scope).pathname;
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request, { ignoreSearch: true });
        if (hit) return hit;
        if (path === scope || path === scope + "index.html") {
          const page = await cache.match("./index.html");
          if (page) return page;
        }
        return fetch(request);
      }),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
