import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Where each deployment publishes the digests of the files it uploaded. */
export const DIGESTS_KEY = '_deploy/digests.json';

/**
 * The content types the upload of the hashed files (images, fonts, a sample
 * call's audio and captions) states itself, by file extension. For every
 * other file, the upload handler guesses from the name with its Python's
 * mimetypes table, which differs from one Python to the next and lacks
 * some of what the site ships: an .avif or .woff2 stored as
 * binary/octet-stream is, under nosniff, used by no browser, and a sample
 * call's audio is played by type. The pages' own upload still guesses (its
 * .yml, the editor's configuration, is read by a fetch that ignores it).
 */
export const CONTENT_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.oga': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webm': 'audio/webm',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.yml': 'application/yaml; charset=utf-8',
};

/** One upload of the files under some prefixes: its include filters and the content type it states. */
export interface UploadGroup {
  /** '' for the files whose type the handler guesses, else the extension's name ('AVIF'). */
  id: string;
  include: string[];
  contentType?: string;
}

/**
 * The uploads of the files under prefixes: one for each type of
 * CONTENT_TYPES that some of them have, and one for the rest, which names
 * them by extension (or by path, for a name without one) so that it leaves
 * the others out.
 */
export function uploadGroups(files: string[], prefixes: string[]): UploadGroup[] {
  const under = files.filter((f) => prefixes.some((p) => f.startsWith(p)));
  const extOf = (f: string) => {
    const base = f.slice(f.lastIndexOf('/') + 1);
    return base.lastIndexOf('.') > 0 ? base.slice(base.lastIndexOf('.')) : '';
  };
  const rest = new Set<string>();
  const typed = new Set<string>();
  for (const f of under) {
    const ext = extOf(f);
    if (ext in CONTENT_TYPES) typed.add(ext);
    else if (ext) for (const p of prefixes) { if (f.startsWith(p)) rest.add(p + '*' + ext); }
    else rest.add(f);
  }
  const groups: UploadGroup[] = [{ id: '', include: [...rest].sort() }];
  for (const ext of [...typed].sort()) {
    groups.push({ id: ext.slice(1).toUpperCase(), include: prefixes.map((p) => p + '*' + ext), contentType: CONTENT_TYPES[ext] });
  }
  return groups;
}

/** Above this many changed paths one "/*" is cheaper to invalidate. */
export const MAX_INVALIDATION_PATHS = 50;

/** Every file below dir, as slash-separated paths relative to it, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The SHA-256 of every file whose name does not change with its content:
 * those are the only ones a CDN may hold stale copies of.
 */
export function digests(dir: string, files: string[], hashed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) {
    if (hashed.some((p) => f.startsWith(p))) continue;
    out[f] = createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
  }
  return out;
}

/**
 * The paths to invalidate after an upload: the files added, changed or
 * removed since the previous deployment, under the URI the edge caches them
 * by (the CloudFront Function has already turned /platform into
 * /platform/index.html). Unknown previous digests mean everything.
 */
export function changedPaths(current: Record<string, string>, previous: Record<string, string> | undefined): string[] {
  if (!previous) return ['/*'];
  const keys = new Set([...Object.keys(current), ...Object.keys(previous)]);
  const changed = [...keys].filter((k) => current[k] !== previous[k]).sort().map((k) => '/' + k);
  if (changed.length > MAX_INVALIDATION_PATHS) return ['/*'];
  // The digests change with them, and the next deployment reads them
  // through the edge.
  return changed.length ? [...changed, '/' + DIGESTS_KEY] : [];
}
