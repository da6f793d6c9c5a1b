// Runs two independent checkers on every HTML page of a built site and
// prints each finding as "file:line:col: checker rule: message"; exits 1
// when there is any.
//
//	node validate.mjs [--cache CACHEDIR] DIR
//
// With --cache, a file's findings are kept under CACHEDIR by the hash of
// its bytes and of the checkers (this file and the lock file): a later
// run checks only what changed (make check's second run, in seconds). The
// checkers load only when a file needs them.
//
//   - html-validate, recommended rules, less those that only restate how
//     React serializes HTML (doctype and attribute case, boolean and empty
//     attribute style, void element style, style attributes): the markup
//     is what React writes, and those rules are taste, not validity.
//   - structured-data-testing-tool with the Google, Twitter and Facebook
//     presets: the JSON-LD, Open Graph and Twitter card of each page.
//   - every feed.xml against the RELAX NG schema of Atom 1.0 (RFC 4287,
//     atom.rng) with libxml2's xmllint (xmllint-wasm), and every feed.json
//     against the required fields of JSON Feed 1.1 (jsonfeed.org).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import crypto from 'node:crypto';

const args = process.argv.slice(2);
let cacheDir = '';
if (args[0] === '--cache') {
  cacheDir = args[1];
  args.splice(0, 2);
}
const dir = args[0];
if (!dir || !cacheDir && args.length > 1) {
  console.error('usage: node validate.mjs [--cache CACHEDIR] DIR');
  process.exit(2);
}

// The checkers, loaded on first use: loading them is most of a run that
// finds every file in the cache.
let checkers;
async function load() {
  if (checkers) return checkers;
  const [{HtmlValidate}, {validateXML}, sdtt, presets] = await Promise.all([
    import('html-validate'),
    import('xmllint-wasm'),
    import('structured-data-testing-tool'),
    import('structured-data-testing-tool/presets.js'),
  ]);
  // Both are CommonJS modules.
  const {Google, Twitter, Facebook} = presets.default;
  checkers = {
    htmlvalidate: new HtmlValidate(htmlValidateConfig),
    validateXML,
    structuredDataTest: sdtt.default.structuredDataTest,
    presets: [Google, Twitter, Facebook],
  };
  return checkers;
}

// What a cached finding depends on besides the file: the checkers' code
// and versions.
const here = path.dirname(fileURLToPath(import.meta.url));
const checkersKey = crypto.createHash('sha256')
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .update(fs.readFileSync(path.join(here, 'package-lock.json')))
  .update(fs.readFileSync(path.join(here, 'atom.rng')))
  .digest('hex');

// cached returns the findings of check() on the file rel, whose bytes are
// bytes, from CACHEDIR when it holds them for the same bytes and checkers.
// Findings name their file as \0, replaced by rel here: the same bytes
// can be another file (two redirect pages to one route).
async function cached(rel, bytes, check) {
  if (!cacheDir) return (await check()).map((f) => f.replaceAll('\0', rel));
  const key = crypto.createHash('sha256').update(checkersKey).update(bytes).digest('hex');
  const file = path.join(cacheDir, key.slice(0, 2), key + '.json');
  let out;
  try {
    out = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    out = await check();
    fs.mkdirSync(path.dirname(file), {recursive: true});
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(out));
    fs.renameSync(tmp, file);
  }
  return out.map((f) => f.replaceAll('\0', rel));
}

const htmlValidateConfig = {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    'doctype-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-inline-style': 'off',
    // React's useId writes ids such as "_R_sh_" (React 19): valid HTML
    // (an id is any text without spaces) and a valid CSS identifier, but
    // the strict form of the rule wants a letter first. The relaxed form
    // still refuses what HTML refuses: an empty id, or one with a space.
    'valid-id': ['error', {relaxed: true}],
  },
};

function filesNamed(root, test) {
  const out = [];
  for (const e of fs.readdirSync(root, {withFileTypes: true, recursive: true})) {
    if (e.isFile() && test(e.name)) out.push(path.join(e.parentPath ?? e.path, e.name));
  }
  return out.sort();
}
const htmlFiles = (root) => filesNamed(root, (n) => n.endsWith('.html'));

const files = htmlFiles(dir);
if (files.length === 0) {
  console.error(`${dir}: no HTML files`);
  process.exit(2);
}
const findings = [];
for (const file of files) {
  const rel = path.relative(dir, file);
  const html = fs.readFileSync(file);
  findings.push(...await cached(rel, html, async () => {
    const {htmlvalidate, structuredDataTest, presets} = await load();
    const out = [];
    // Findings name the file as \0 (see cached).
    const report = await htmlvalidate.validateFile(file);
    for (const r of report.results) {
      for (const m of r.messages) {
        out.push(`\0:${m.line}:${m.column}: html-validate ${m.ruleId}: ${m.message}`);
      }
    }
    // The redirect pages (a meta refresh to another route) carry no
    // metadata of their own: search engines and share previews follow them.
    if (/<meta http-equiv="refresh"/.test(html)) return out;
    // Nor does a page kept from search engines and from being followed (the
    // web editor, /admin/): nothing shares or indexes it.
    if (/<meta name="robots" content="[^"]*noindex[^"]*nofollow/.test(html)) return out;
    let res;
    try {
      res = await structuredDataTest(html, {presets});
    } catch (err) {
      if (err.type !== 'VALIDATION_FAILED') throw err;
      res = err.res;
    }
    for (const t of [...res.failed, ...res.warnings]) {
      const what = t.failed ? 'structured-data' : 'structured-data warning';
      out.push(`\0: ${what} ${t.group ?? ''} ${t.description ?? t.test}: ${t.error?.message ?? 'failed'}`.replace(/\s+/g, ' '));
    }
    return out;
  }));
}
// The feeds.
const atomSchema = fs.readFileSync(path.join(here, 'atom.rng'), 'utf8');
const atomFeeds = filesNamed(dir, (n) => n === 'feed.xml');
for (const file of atomFeeds) {
  const rel = path.relative(dir, file);
  const contents = fs.readFileSync(file, 'utf8');
  findings.push(...await cached(rel, contents, async () => {
    const {validateXML} = await load();
    const res = await validateXML({xml: [{fileName: rel, contents}], schema: [atomSchema], extension: 'relaxng'});
    return res.errors.map((e) => `\0:${e.loc?.lineNumber ?? 1}: atom schema: ${e.message}`);
  }));
}
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const jsonFeeds = filesNamed(dir, (n) => n === 'feed.json');
for (const file of jsonFeeds) {
  const rel = path.relative(dir, file);
  const bad = (msg) => findings.push(`${rel}: json feed: ${msg}`);
  let f;
  try {
    f = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    bad(`not JSON: ${err.message}`);
    continue;
  }
  if (f.version !== 'https://jsonfeed.org/version/1.1') bad(`version ${JSON.stringify(f.version)} is not https://jsonfeed.org/version/1.1`);
  if (typeof f.title !== 'string' || !f.title) bad('title is required');
  if (!Array.isArray(f.items)) bad('items is required');
  for (const key of ['home_page_url', 'feed_url']) {
    if (f[key] !== undefined && !/^https?:\/\//.test(f[key])) bad(`${key} must be an absolute URL`);
  }
  for (const [i, it] of (f.items ?? []).entries()) {
    if (typeof it.id !== 'string' || !it.id) bad(`items[${i}].id is required (a string)`);
    if (typeof it.content_html !== 'string' && typeof it.content_text !== 'string') bad(`items[${i}] needs content_html or content_text`);
    for (const key of ['date_published', 'date_modified']) {
      if (it[key] !== undefined && !rfc3339.test(it[key])) bad(`items[${i}].${key} ${JSON.stringify(it[key])} is not RFC 3339`);
    }
    for (const key of ['url', 'image']) {
      if (it[key] !== undefined && !/^https?:\/\//.test(it[key])) bad(`items[${i}].${key} must be an absolute URL`);
    }
    for (const a of it.authors ?? []) {
      if (!a.name && !a.url && !a.avatar) bad(`items[${i}]: an author needs a name, url or avatar`);
    }
  }
}

for (const f of findings) console.log(f);
// HTML files, not pages: a redirect's page and the editor's are files too.
console.log(`${files.length} HTML files and ${atomFeeds.length + jsonFeeds.length} feeds checked, ${findings.length} findings`);
process.exit(findings.length ? 1 : 0);
