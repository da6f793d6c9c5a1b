import { use, type ComponentType } from "react";

/**
 * The lazy section kinds (content.Kind.Lazy) in the browser. Their
 * components are modules of their own (generator/bundle), which the app
 * does not carry: a page that shows such a kind inlines its CSS in a
 * <style data-kind> and preloads its module (generator/document), and
 * every page lists where each lazy kind's files are (the JSON of
 * #kind-assets). The registry's entry of such a kind is lazyKind's
 * component, which renders the kind's own once its module is loaded.
 *
 * Nothing is ever drawn without it: the first page's sections keep their
 * server HTML until the app renders them (lib/hydration), by which time
 * the module the page preloads has loaded (else they wait for it, still
 * as the server drew them); a client-side navigation loads the next
 * page's kinds, module and CSS, before it shows the page (loadKinds).
 * The server bundle and the web editor import the components themselves.
 */
interface KindAssets {
  script: string;
  style?: string;
}

// Browser-only state, never touched on the server.
let assets: Record<string, KindAssets> | undefined;
const loaded = new Map<string, ComponentType<never>>();
const loading = new Map<string, Promise<void>>();

function kindAssets(): Record<string, KindAssets> {
  if (assets === undefined) {
    const el = document.getElementById("kind-assets");
    assets = el?.textContent ? (JSON.parse(el.textContent) as Record<string, KindAssets>) : {};
  }
  return assets;
}

/** loadKinds loads the lazy kinds among kinds (module and CSS); the others are in the app. */
export function loadKinds(kinds: string[]): Promise<void> {
  return Promise.all(kinds.map(loadKind)).then(() => {});
}

function loadKind(kind: string): Promise<void> {
  let p = loading.get(kind);
  if (p) return p;
  const a = kindAssets()[kind];
  if (!a) return Promise.resolve();
  p = Promise.all([
    import(/* the module's address, from the page */ a.script).then((m: Record<string, ComponentType<never>>) => {
      loaded.set(kind, m[names.get(kind)!]);
    }),
    a.style && loadStyle(kind, a.style),
  ]).then(() => {});
  loading.set(kind, p);
  return p;
}

/** loadStyle adds the kind's stylesheet unless the page inlines it, and resolves once it applies. */
function loadStyle(kind: string, href: string): Promise<void> | undefined {
  if (document.querySelector(`style[data-kind="${kind}"], link[data-kind="${kind}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.kind = kind;
  const applied = new Promise<void>((resolve) => {
    // A stylesheet that fails still lets the page show.
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return applied;
}

// The name each lazy kind's module exports its component as.
const names = new Map<string, string>();

/** lazyKind is the component of the lazy kind, whose module exports it as name. */
export function lazyKind<P extends object>(kind: string, name: string): ComponentType<P> {
  names.set(kind, name);
  function LazyKind(props: P) {
    let C = loaded.get(kind) as ComponentType<P> | undefined;
    if (!C) {
      use(loadKind(kind));
      C = loaded.get(kind) as ComponentType<P>;
    }
    return <C {...props} />;
  }
  return LazyKind;
}
