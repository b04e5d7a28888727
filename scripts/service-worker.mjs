// Writes the site's service worker with Workbox (workbox-build's generateSW) from the configuration
// naipes/web/offline.py gives on stdin: the precached files and, per language, the pattern of the
// pages kept offline and the page shown for the others. Usage: node scripts/service-worker.mjs <dest>
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const dest = process.argv[2];
let input = "";
for await (const chunk of process.stdin) {
  input += chunk;
}
const settings = JSON.parse(input);

const runtimeCaching = [];
for (const { lang, pages, offline } of settings.languages) {
  const fallback = offline ? { precacheFallback: { fallbackURL: offline } } : {};
  runtimeCaching.push({
    urlPattern: new RegExp(pages.replace("^/", "^" + "https?://[^/]+/")),
    handler: "NetworkFirst",
    options: {
      cacheName: `naipes-pages-${lang}`,
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 80 },
      cacheableResponse: { statuses: [200] },
      ...fallback,
    },
  });
  // Any other page of the language (play, lessons, puzzles) needs the network: offline, it gets the kind page.
  runtimeCaching.push({
    urlPattern: new Function("{ request, url }",
      `return request.mode === "navigate" && url.pathname.startsWith(${JSON.stringify(`/${lang}/`)});`),
    handler: "NetworkOnly",
    options: fallback,
  });
}

// The files to precache are named by the configuration (the site's hashed addresses), not found on disk:
// Workbox reads additionalManifestEntries only beside a glob, so it globs an empty folder.
const nothing = mkdtempSync(join(tmpdir(), "naipes-sw-"));
const { warnings } = await generateSW({
  swDest: dest,
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  navigationPreload: false,
  globDirectory: nothing,
  globPatterns: [],
  additionalManifestEntries: settings.precache,
  dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.[A-Za-z0-9]+$/,
  runtimeCaching,
});
rmSync(nothing, { recursive: true, force: true });
for (const warning of warnings) {
  console.error(warning);
}
