// Bandada — a service worker for hosts that cannot send the two cross-origin isolation headers
// (GitHub Pages, for one). It adds them to every same-origin response of this folder, so after
// one reload the page is cross-origin isolated and runs its threaded build. The page registers
// it only when it is not isolated already (shell.html); it changes nothing else.
'use strict';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (new URL(request.url).origin !== self.location.origin) return;  // the browser's own handling
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(fetch(request).then((response) => {
    if (response.status === 0) return response;  // opaque: nothing to add headers to
    const headers = new Headers(response.headers);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
    return new Response(response.body, {status: response.status, statusText: response.statusText, headers});
  }));
});
