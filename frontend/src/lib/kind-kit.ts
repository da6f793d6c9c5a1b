// What the lazy section kinds (content.Kind.Lazy) take from the app: the
// app's entry exports these names, and each lazy kind's module, built
// apart from the app (generator/bundle), imports them from the app's own
// file, so that a page showing the kind adds only the kind's code. A lazy
// kind that needs another name of the app's adds it here; the build
// refuses one that imports a name not exported.
export { Fragment, jsx, jsxs } from "react/jsx-runtime";
export { BlockSection } from "../components/block-sections";
