// The JavaScript a page loads up front, read from a production build: the browser entry and, for
// each route the URL matches, its module and the chunks it imports statically, as the build's
// manifest lists them (what React Router's <Scripts> preloads). Chunks fetched later (widgets on
// demand, the seat picker, the map) are not counted. Sizes are gzipped at level 9, as served.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CLIENT_DIR = path.join(ROOT, "build/client");
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
export type BuildManifest = {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

/** The browser manifest of the build in build/ (the one file its server build names). */
export function readBuildManifest(): BuildManifest {
  const server = fs.readFileSync(SERVER_BUILD, "utf8");
  const url = /"url":\s*"(\/assets\/manifest-[\w-]+\.js)"/.exec(server)?.[1];
  if (!url) throw new Error(`${SERVER_BUILD} names no browser manifest: is it a React Router build?`);
  const source = fs.readFileSync(path.join(CLIENT_DIR, url), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as BuildManifest;
}

/** The route tree the manifest describes, for matching URLs the way the browser router does. */
function routeTree(manifest: BuildManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true as const, path: r.path }
        : { id: r.id, path: r.path, children: routeTree(manifest, r.id) },
    );
}

/** The files a page at `pathname` loads up front, in the order the page lists them. */
export function firstLoadFiles(manifest: BuildManifest, pathname: string): string[] {
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) throw new Error(`No route matches ${pathname}`);
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const { route } of matches) {
    const entry = manifest.routes[route.id!]!;
    files.push(entry.module, ...(entry.imports ?? []));
  }
  return [...new Set(files)];
}

const gzipped = new Map<string, number>();
/** A built file's size in bytes once gzipped. */
export function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file.replace(/^\//, ""))), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The gzipped bytes of JavaScript a page at `pathname` loads up front. */
export function firstLoadJs(manifest: BuildManifest, pathname: string): number {
  return firstLoadFiles(manifest, pathname).reduce((n, file) => n + gzipSize(file), 0);
}
