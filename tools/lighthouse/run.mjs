// Runs Lighthouse (mobile preset, simulated throttling) on every page of a
// served site and prints one table: each route, the four category scores,
// FCP, LCP, TBT, CLS and the bytes transferred.
//
//	node run.mjs -base http://127.0.0.1:8080 -site ../../dist/site [-runs 3] [-warm /] [-photos] [-json out.json] [-lhr dir] [route...]
//
// The routes are the build's route table (the hashed routes file named by
// the site data of index.html), less redirects and the not-found page,
// unless routes are given; with -photos, only those whose page shows a
// processed image (/assets/img/). With -warm PATH each route is measured as a
// second page: PATH is loaded first and the browser cache is kept, so
// what the first page cached no longer counts. Each route is measured
// -runs times and the run with the median performance score is shown, as
// Lighthouse advises for figures that move with the machine's load.
//
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), started
// once with a fresh profile; nothing downloads a browser. This is a
// report more than a test, since figures move with the machine's load, but
// it exits 1 when a route's median performance score is below 100 or an
// image audit fails on it (imageAudits).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const opt = {base: 'http://127.0.0.1:8080', site: '', warm: '', json: '', lhr: '', runs: '3', photos: false, routes: []};
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '-base' || a === '-site' || a === '-warm' || a === '-json' || a === '-lhr' || a === '-runs') {
    opt[a.slice(1)] = args[++i];
  } else if (a === '-photos') {
    opt.photos = true;
  } else if (a.startsWith('-')) {
    console.error(`unknown flag ${a}`);
    process.exit(2);
  } else {
    opt.routes.push(a);
  }
}

// routeTable reads the route table the build wrote for the app.
function routeTable(siteDir) {
  const index = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
  const m = index.match(/<script type="application\/json" id="site-data">(.*?)<\/script>/s);
  if (!m) throw new Error(`${siteDir}/index.html has no site data`);
  const {routesURL} = JSON.parse(m[1]);
  const routes = JSON.parse(fs.readFileSync(path.join(siteDir, routesURL), 'utf8'));
  return routes.filter(r => !r.redirect && !r.notFound).map(r => r.path);
}

if (opt.routes.length === 0) {
  if (!opt.site) {
    console.error('give -site DIR (the built site) or the routes');
    process.exit(2);
  }
  opt.routes = routeTable(opt.site);
  if (opt.photos) {
    // Only the pages that show a processed image.
    opt.routes = opt.routes.filter(r => fs.readFileSync(path.join(opt.site, r, 'index.html'), 'utf8').includes('/assets/img/'));
    if (opt.routes.length === 0) {
      console.error(`no page of ${opt.site} shows a processed image`);
      process.exit(1);
    }
  }
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vozia-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
// The image audits: files larger than their box or in an old format
// (image-delivery-insight, Lighthouse 13's "properly size images" and
// "serve images in modern formats"), the largest image lazily loaded or
// found late (lcp-discovery-insight), no width and height (unsized-images),
// and the two best-practice checks of size and aspect ratio. A route that
// fails one fails make lighthouse, whatever its score.
const imageAudits = ['image-delivery-insight', 'lcp-discovery-insight', 'unsized-images', 'image-size-responsive', 'image-aspect-ratio'];
const rows = [];
let version = '';
// Lighthouse's own measure of the host's processor (environment.benchmarkIndex;
// about 1,000 on a mid-tier phone such as a Pixel 5, by Chrome DevTools' CPU
// calibration): its throttling multiplies what the page's tasks take here, so
// the same page's TBT is longer on a slower or busier host, and the table says
// which host it came from.
const benchmarks = [];
try {
  for (const route of opt.routes) {
    const runs = [];
    for (let i = 0; i < Math.max(1, Number(opt.runs) || 1); i++) {
      const flags = {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories};
      if (opt.warm) {
        // Load the first page with a clean cache, then keep the cache.
        await lighthouse(opt.base + opt.warm, {...flags, onlyCategories: ['performance']});
        flags.disableStorageReset = true;
      }
      runs.push((await lighthouse(opt.base + route, flags)).lhr);
      benchmarks.push(runs.at(-1).environment?.benchmarkIndex);
    }
    // The run with the median performance score (then median TBT).
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score ||
      b.audits['total-blocking-time'].numericValue - a.audits['total-blocking-time'].numericValue);
    const lhr = runs[Math.floor(runs.length / 2)];
    if (opt.lhr) {
      // The whole report of the median run, for Lighthouse's viewer or
      // a look at its long tasks and main-thread breakdown.
      fs.mkdirSync(opt.lhr, {recursive: true});
      fs.writeFileSync(path.join(opt.lhr, (route.replace(/^\/|\/$/g, '').replaceAll('/', '_') || 'index') + '.json'), JSON.stringify(lhr));
    }
    version = lhr.lighthouseVersion;
    const audit = id => lhr.audits[id]?.numericValue;
    const failed = [];
    for (const c of categories) {
      for (const ref of lhr.categories[c].auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1 && c !== 'performance') failed.push(`${c}: ${ref.id}`);
      }
    }
    // The image audits fail the run whatever their weight.
    for (const id of imageAudits) {
      const a = lhr.audits[id];
      if (a && a.score !== null && a.score < 1 && !failed.some(f => f.endsWith(`: ${id}`))) {
        failed.push(`images: ${id} (${a.title}${a.displayValue ? `: ${a.displayValue}` : ''})`);
      }
    }
    rows.push({
      route,
      scores: categories.map(c => Math.round(lhr.categories[c].score * 100)),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      failed,
      error: lhr.runtimeError?.message,
    });
  }
} finally {
  await chrome.kill();
  fs.rmSync(profile, {recursive: true, force: true});
}

// A figure a failed run did not measure shows as "–" (its error is
// printed below the table), rather than ending the report.
const figure = (x, f) => (Number.isFinite(x) ? f(x) : '–');
const secs = ms => figure(ms, v => `${(v / 1000).toFixed(1)} s`);
const table = [['route', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred']];
for (const r of rows) {
  table.push([r.route, ...r.scores.map(s => figure(s, String)), secs(r.fcp), secs(r.lcp), figure(r.tbt, v => `${Math.round(v)} ms`),
    figure(r.cls, v => v.toFixed(3).replace(/\.?0+$/, '') || '0'), figure(r.bytes, v => `${(v / 1024).toFixed(1)} KB`)]);
}
const widths = table[0].map((_, i) => Math.max(...table.map(row => row[i].length)));
console.log(`Lighthouse ${version} mobile, simulated throttling, median of ${opt.runs} runs${opt.warm ? `, second page after ${opt.warm}` : ''}: ${opt.base}`);
const bench = benchmarks.filter(Number.isFinite).sort((a, b) => a - b);
if (bench.length > 0) {
  console.log(`host benchmark index ${Math.round(bench[0])}–${Math.round(bench.at(-1))}, median ${Math.round(bench[Math.floor(bench.length / 2)])}`);
}
for (const row of table) {
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}
for (const r of rows) {
  if (r.error) console.log(`${r.route}: ${r.error}`);
  for (const f of r.failed) console.log(`${r.route}: ${f}`);
}
if (opt.json) fs.writeFileSync(opt.json, JSON.stringify(rows, null, 2) + '\n');
const below = rows.filter(r => !(r.scores[0] >= 100));
if (below.length > 0) {
  console.log(`performance below 100: ${below.map(r => `${r.route} (${r.scores[0]})`).join(', ')}`);
  process.exitCode = 1;
}
const images = rows.filter(r => r.failed.some(f => f.startsWith('images: ')));
if (images.length > 0) {
  console.log(`image audits failed on: ${images.map(r => r.route).join(', ')}`);
  process.exitCode = 1;
}
