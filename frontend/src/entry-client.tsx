// The browser bundle: hydrates the prerendered page and takes over navigation.
import { startTransition } from "react";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app";
import { keyFirstEntry } from "./components/page-host";
import { startCampaign } from "./lib/campaign";
import type { PageData, SiteData } from "./lib/content-types";
import { loadKinds } from "./lib/lazy-kind";

// The names the lazy section kinds' modules import from this one
// (lib/lazy-kind, generator/bundle).
export * from "./lib/kind-kit";

function readJSON<T>(id: string): T | null {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

// A redirect page (/blog) is a meta refresh with nothing to hydrate:
// replace it at once, so the back button skips it. The build writes its
// target on this site as <html data-redirect> (generator/document).
const target = document.documentElement.dataset.redirect;

if (target) {
  location.replace(target + location.hash);
} else if (document.readyState === "loading") {
  // The loader fetches this script once the page has painted
  // (generator/document/loader.go): the end of a long page may still be
  // on its way.
  document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
  start();
}

function start() {
  const site = readJSON<SiteData>("site-data");
  const page = readJSON<PageData>("page-data");
  if (!site || !page) return;
  startCampaign(site.layout.contactForm.limits);
  keyFirstEntry();
  // The page's lazy kinds, which it preloads: ready before a section of
  // theirs first renders (lib/lazy-kind).
  void loadKinds(page.sections.map((s) => s.kind));
  // react-dom starts in a task of its own, after this module's: on a slow
  // phone neither task is long. Its module initialises from this callback
  // rather than from the bundle's top level, which matters under an
  // inspector (Lighthouse): V8 then records where every Error is created,
  // and react-dom creates a few as it starts, so every function on the
  // stack is reparsed for its source positions; the bundle's top level is
  // the whole 300 KB file.
  setTimeout(() => {
    // react-dom creates a few Errors as it initialises: sentinels it
    // throws to suspend, compared by identity, never shown. Under an
    // inspector (Lighthouse, DevTools) V8 records where each Error is
    // created, with the line of every function on the stack, and for that
    // reparses react-dom's whole module function (200 KB): ~60 ms of the
    // main thread, four times that on Lighthouse's slow phone, in one
    // task. While react-dom initialises (the import's first microtask;
    // nothing else runs until the next), Error makes such objects without
    // a stack, which costs nothing; the next microtask puts it back.
    const RealError = globalThis.Error;
    globalThis.Error = stacklessError(RealError);
    void import("react-dom/client")
      .finally(() => (globalThis.Error = RealError))
      .then(({ hydrateRoot }) =>
        // As a transition, the shell hydrates in slices of a few ms, the
        // browser free between them: at React's default priority it was
        // one task, which a press on a slow phone waited for (the Pieces
        // hydrate in slices anyway: lib/hydration). A press between two
        // slices makes React finish hydrating what it lands on at once,
        // then handles it (e2e TestHeaderWhileTheAppHydrates).
        startTransition(() => {
          hydrateRoot(
            document.getElementById("root")!,
            <BrowserRouter>
              <App site={site} initial={page} />
            </BrowserRouter>,
            {
              // A mismatch between the prerendered HTML and the first client render
              // is a bug of ours: say so loudly (the browser tests fail on it).
              onRecoverableError: (error) => console.error("hydration:", error),
            },
          );
        }),
      );
  });
}

/**
 * stacklessError is a stand-in for the Error constructor that makes errors
 * (instances of the real Error, with its message and cause) without
 * capturing a stack.
 */
function stacklessError(RealError: ErrorConstructor): ErrorConstructor {
  function StacklessError(message?: string, options?: { cause?: unknown }) {
    const e = Object.create(RealError.prototype) as Error;
    if (message !== undefined) e.message = String(message);
    if (options && "cause" in options) e.cause = options.cause;
    return e;
  }
  StacklessError.prototype = RealError.prototype;
  Object.setPrototypeOf(StacklessError, RealError);
  return StacklessError as unknown as ErrorConstructor;
}
