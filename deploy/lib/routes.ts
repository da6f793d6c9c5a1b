import { readFileSync } from 'node:fs';

import type { Manifest } from './routing-types.ts';

/** dist/cdn/routes.json: its types are generated from the Go that writes it (internal/routing). */
export type RoutingManifest = Manifest;

export function readManifest(file: string): RoutingManifest {
  return JSON.parse(readFileSync(file, 'utf8')) as RoutingManifest;
}

/**
 * The headers every response carries: the manifest's "/*" entry without
 * Cache-Control, which varies by path and travels as object metadata.
 */
export function responseHeaders(m: RoutingManifest): Record<string, string> {
  const all = m.headers.find((h) => h.for === '/*');
  if (!all) throw new Error('routes.json has no headers for "/*"');
  for (const h of m.headers) {
    if (isAdmin(h.for)) continue; // the editor's own policy (admin.ts)
    if (h.for !== '/*' && Object.keys(h.values).some((k) => k.toLowerCase() !== 'cache-control')) {
      throw new Error(`routes.json: headers for ${h.for} other than Cache-Control need a second response headers policy`);
    }
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all.values)) {
    if (k.toLowerCase() !== 'cache-control') out[k] = v;
  }
  return out;
}

/** Whether a manifest pattern is the web editor's (/admin, /admin/*). */
export function isAdmin(pattern: string): boolean {
  return pattern === '/admin' || pattern.startsWith('/admin/');
}

/** The web editor's headers (/admin/*), Cache-Control aside; undefined when the manifest has none. */
export function adminHeaders(m: RoutingManifest): Record<string, string> | undefined {
  const h = m.headers.find((h) => h.for === '/admin/*');
  if (!h) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h.values)) {
    if (k.toLowerCase() !== 'cache-control') out[k] = v;
  }
  return out;
}

/** Cache-Control of the files outside every immutable prefix (pages, data names that never change). */
export function defaultCacheControl(m: RoutingManifest): string {
  const v = m.headers.find((h) => h.for === '/*')?.values['Cache-Control'];
  if (!v) throw new Error('routes.json gives no Cache-Control for "/*"');
  return v;
}

/** The directory prefixes ("assets/") whose files are content-hashed, with their Cache-Control. */
export function hashedPrefixes(m: RoutingManifest): { prefix: string; cacheControl: string }[] {
  return m.headers
    .filter((h) => h.for !== '/*' && h.for.endsWith('/*') && h.values['Cache-Control'])
    .map((h) => ({ prefix: h.for.slice(1, -1), cacheControl: h.values['Cache-Control'] }));
}
