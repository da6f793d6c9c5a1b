// Live reload and the build-error overlay of `make dev` (cmd/dev). Every
// page of its builds loads it from the head; the site built for the CDN
// never contains it.
const me = new URL(import.meta.url);
// The server sends each document with the build it belongs to and its
// name (its URL may be another's: the not-found page, a rewrite), as
// Server-Timing metrics. Without them (a browser that does not expose
// them), the page still reloads on its URL's changes.
const timing = Object.fromEntries(
  (performance.getEntriesByType("navigation")[0]?.serverTiming || []).map((m) => [m.name, m.description]),
);
const file = timing.file ? decodeURIComponent(timing.file) : "";
let seen = timing.build; // "" before the first build; undefined when unknown
let failed = false; // the last build failed: the next good one reloads
let stale = false; // another page changed: navigate with full loads

const css = document.createElement("link");
css.rel = "stylesheet";
css.href = new URL("overlay.css", me).pathname;
document.head.append(css);

function here() {
  const p = location.pathname;
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

// concerns reports whether a change touches the page on screen: its URL
// (which may differ from its document after client-side navigation), a
// rewrite pattern covering it, or the document it was loaded from.
function concerns(change) {
  const p = here();
  const urls = change.urls || [];
  return (
    (change.files || []).includes(file) ||
    urls.some((u) => (u.endsWith("/*") ? p.startsWith(u.slice(0, -1)) : u === p))
  );
}

const events = new EventSource("/__dev/events");
events.addEventListener("hello", (e) => {
  const d = JSON.parse(e.data);
  photos(d.photos);
  warn(d.warnings);
  // The page has heard the server (its tests wait for this).
  document.documentElement.dataset.devHello = "";
  if (d.problems && d.problems.length) {
    show(d.problems);
  } else if (seen !== undefined && d.build !== seen) {
    // A build finished while this page was loading, or the server
    // restarted: what is on screen may be out of date.
    if (editor) offer();
    else location.reload();
  }
});
// The web editor's page never reloads by itself: what is typed in it may
// not be saved yet, and a build (a save's, a photo's sizes encoded, a
// change to the site's code) can come at any moment. A good build closes
// its problems; a build that changed the editor's own files offers a
// reload, which the editor takes when it has saved.
const editor = file.startsWith("admin/") || location.pathname.startsWith("/admin/");

events.addEventListener("build", (e) => {
  const change = JSON.parse(e.data);
  if (editor) {
    document.getElementById("dev-problems")?.remove();
    failed = false;
    if (change.editor) offer();
  } else if (failed || change.all || concerns(change)) {
    location.reload();
    return;
  }
  seen = change.build;
  stale = true;
});

// offer says, in the web editor, that a build changed the editor itself,
// with a button that reloads it; it is a status, not a dialog, and takes
// no focus from the field being typed in.
function offer() {
  if (document.getElementById("dev-reload")) return;
  const reload = el("button", { type: "button", className: "dev-reload__go" }, "Reload the editor");
  const later = el("button", { type: "button", className: "dev-reload__later" }, "Later");
  const box = el(
    "div",
    { id: "dev-reload", className: "dev-reload", role: "status" },
    el("p", {}, "The editor was updated. Save what you are writing, then reload to use the new version."),
    reload,
    " ",
    later,
  );
  reload.addEventListener("click", () => location.reload());
  later.addEventListener("click", () => box.remove());
  document.body.append(box);
}
events.addEventListener("problems", (e) => show(JSON.parse(e.data).problems));
events.addEventListener("warnings", (e) => warn(JSON.parse(e.data).warnings));
events.addEventListener("processing", (e) => photos(JSON.parse(e.data).photos));

// photos says which photos are being encoded ("processing photo … n s"),
// while the server sends each one's original in the place of its sizes.
// Once none is, a page that said so reloads and shows the encoded
// pictures; the web editor only drops the note (it keeps what is typed).
let processing = [];
let tick;
function photos(list) {
  const had = processing.length > 0;
  processing = list || [];
  clearInterval(tick);
  document.getElementById("dev-photos")?.remove();
  if (!processing.length) {
    if (had && !editor) location.reload();
    return;
  }
  const box = el("div", { id: "dev-photos", className: "dev-photos", role: "status" });
  const draw = () => {
    box.textContent = processing
      .map((p) => `processing photo ${p.file.split("/").pop()} … ${Math.max(0, Math.round((Date.now() - p.since) / 1000))} s`)
      .join("\n");
  };
  draw();
  tick = setInterval(draw, 1000);
  document.body.append(box);
}

// After another page changed, the data this page would fetch on a
// client-side navigation may be stale: load the next page in full.
document.addEventListener(
  "click",
  (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (!stale || !a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (a.target && a.target !== "_self") return;
    const to = new URL(a.href, location.href);
    if (to.origin !== location.origin) return;
    e.preventDefault();
    location.assign(to.href);
  },
  true,
);
// The web editor routes by the address's fragment (#/collections/…): its
// every move is a popstate, and it shows no page of the site.
addEventListener("popstate", () => stale && !editor && location.reload());

function el(tag, props, ...children) {
  const n = Object.assign(document.createElement(tag), props);
  n.append(...children);
  return n;
}

// at is a problem's "file:line:col: ", as the terminal prints it, or "".
function at(p) {
  return p.file ? `${p.file}:${p.line}:${p.col}: ` : "";
}

// place names a problem's entry and field as the web editor shows them.
function place(p) {
  return el(
    "p",
    { className: "dev-problems__place" },
    el("strong", {}, p.entry || ""),
    p.entry && p.field ? " › " : "",
    p.field ? el("span", { className: "dev-problems__field" }, p.field) : "",
  );
}

// show lists the problems. On the site's pages it is a modal dialog:
// focus moves into it, Escape or the button dismisses it, and the page
// underneath is the last good build. In the web editor it is a panel
// that leaves the editor usable (not modal, in the bottom right corner,
// over the preview, clear of the form and the Save button), so that the
// editor fixes what it says in the entry on screen. Each problem names the entry and field as
// the editor shows them (when the file is one the editor opens), then
// says what is wrong and what to do; the file:line:col is for the
// terminal and CI.
function show(problems) {
  failed = true;
  document.getElementById("dev-problems")?.remove();
  // The last good build's warnings give way to what stops this one; the
  // next good build says its own.
  document.getElementById("dev-warnings")?.remove();
  const list = el("ol", { className: "dev-problems__list" });
  for (const p of problems) {
    const where = at(p);
    const item = el("li", {});
    if (p.entry || p.field) item.append(place(p));
    if (editor) {
      // The editor's words first; the file and line are for the terminal.
      item.append(el("p", { className: "dev-problems__text" }, p.message));
      if (where) item.append(el("code", { className: "dev-problems__file" }, where.slice(0, -2)));
    } else {
      item.append(el("code", { className: "dev-problems__message" }, where + p.message));
    }
    if (p.source && !editor) {
      const gutter = `${p.line} | `;
      const source = el("pre", { className: "dev-problems__source" }, gutter + p.source);
      // The caret stands under its character however wide the ones
      // before it are drawn (an emoji, a tab): they are its padding,
      // invisible. Spaces put it a column left for each emoji.
      let pad;
      if (p.col > 0) {
        pad = el("span", { className: "dev-problems__pad" }, gutter + [...p.source].slice(0, p.col - 1).join(""));
        source.append("\n", pad, "^");
      }
      item.append(source);
      // A long line (a paragraph of Markdown) is scrolled to the caret
      // once laid out, as the terminal cuts the line around it.
      if (pad) requestAnimationFrame(() => (source.scrollLeft = Math.max(0, pad.offsetWidth - source.clientWidth / 2)));
    }
    if (p.detail) item.append(el("pre", { className: "dev-problems__detail" }, p.detail));
    list.append(item);
  }
  const close = el("button", { type: "button", className: "dev-problems__close", autofocus: !editor }, "Dismiss");
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  const dialog = el(
    "dialog",
    { id: "dev-problems", className: editor ? "dev-problems dev-problems--panel" : "dev-problems" },
    el("h2", { id: "dev-problems-title" }, editor ? `The site did not build: ${count}` : `The build failed: ${count}`),
    el("p", {}, editor
      ? "Fix each field named below in its entry and save: this panel closes when the site builds."
      : seen !== ""
        ? "This is the last good build. Fix the file and save: the page reloads by itself."
        : "Nothing has been built yet. Fix the file and save: the page reloads by itself."),
    list,
    close,
  );
  dialog.setAttribute("aria-labelledby", "dev-problems-title");
  close.addEventListener("click", () => dialog.close());
  document.body.append(dialog);
  if (editor) {
    dialog.show();
  } else {
    dialog.showModal();
  }
}

// warn shows what the last good build said without refusing (an address
// published that no longer answers, a stray quote the page shows, a file
// no page uses), as the terminal prints it. A note, not a dialog: the
// page, or the web editor, stays usable and focus stays where it is; it
// folds or is dismissed, and the next build replaces it.
function warn(list) {
  document.getElementById("dev-warnings")?.remove();
  if (!list || !list.length) return;
  // Dismissed, the same warnings stay hidden on the tab's other pages and
  // loads; a build that says anything else shows them again.
  const said = JSON.stringify(list.map((p) => [p.file, p.line, p.col, p.message]));
  try {
    if (sessionStorage.getItem("dev-warnings-dismissed") === said) return;
  } catch {}
  const items = el("ol", { className: "dev-warnings__list" });
  for (const p of list) {
    const where = at(p);
    const item = el("li", {});
    if (p.entry || p.field) item.append(place(p));
    item.append(el("code", { className: "dev-warnings__message" }, where + p.message));
    items.append(item);
  }
  const count = list.length === 1 ? "1 warning" : `${list.length} warnings`;
  const close = el("button", { type: "button", className: "dev-warnings__close" }, "Dismiss");
  const note = el(
    "aside",
    { id: "dev-warnings", className: "dev-warnings", role: "status" },
    el(
      "details",
      { open: true },
      el("summary", {}, `The site built, with ${count}`),
      el("p", {}, "Read each before you publish: the page may show a slip, and the daily build refuses some."),
      items,
    ),
    close,
  );
  note.setAttribute("aria-label", `Warnings of the build: ${count}`);
  close.addEventListener("click", () => {
    note.remove();
    try {
      sessionStorage.setItem("dev-warnings-dismissed", said);
    } catch {}
  });
  document.body.append(note);
}
