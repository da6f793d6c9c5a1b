// The plain Node prerender that make bench compares cmd/build with:
//
//   node prerender.mjs FRONTEND_DIR JOBS_JSON OUT_DIR
//
// esbuild's npm API builds the same two entries with the options of
// generator/bundle (both at once, as a Node build would), the server
// bundle runs in this process, and renderToString renders every route of
// JOBS_JSON (routes with their site and page JSON, made by bench/prepare),
// one file written per page, with its data blocks. It does less than
// cmd/build: no content, head, sitemap, site files or link check.
import * as esbuild from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

const [frontend, jobsFile, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node prerender.mjs FRONTEND_DIR JOBS_JSON OUT_DIR");
  process.exit(2);
}
const dir = path.resolve(frontend);

const common = {
  absWorkingDir: dir,
  bundle: true,
  write: false,
  platform: "browser",
  target: "es2020",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".png": "file", ".jpg": "file", ".webp": "file", ".svg": "file", ".woff2": "file" },
  legalComments: "none",
  charset: "utf8",
  logLevel: "silent",
};

const [browser, server] = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: ["src/entry-client.tsx"],
    entryNames: "app-[hash]",
    assetNames: "[name]-[hash]",
    outdir: path.join(dir, "out", "assets"),
    publicPath: "/assets",
    format: "esm",
    target: ["es2020", "chrome111", "firefox111", "safari16.4"],
    minify: true,
  }),
  esbuild.build({
    ...common,
    entryPoints: ["src/entry-server.tsx"],
    outfile: path.join(dir, "out", "server.js"),
    format: "iife",
    supported: { "dynamic-import": false },
    sourcemap: "inline",
    sourcesContent: false,
    minifySyntax: true,
    minifyWhitespace: true,
    alias: { "react-dom/server": "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js" },
  }),
]);

const write = (file, data) => {
  const p = path.join(outDir, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, data);
};
for (const f of browser.outputFiles) write(path.relative(path.join(dir, "out"), f.path), f.contents);

vm.runInThisContext(server.outputFiles.find((f) => f.path.endsWith(".js")).text, { filename: "server.js" });
const jobs = JSON.parse(readFileSync(jobsFile, "utf8"));
for (const j of jobs) {
  const body = globalThis.renderPage(j.url, j.site, j.page);
  write(
    j.file,
    `<!doctype html>\n<html>\n<body>\n<div id="root">${body}</div>\n` +
      `<script type="application/json" id="site-data">${j.site}</script>\n` +
      `<script type="application/json" id="page-data">${j.page}</script>\n</body>\n</html>\n`,
  );
}
await esbuild.stop();
