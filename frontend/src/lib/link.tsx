/**
 * Link is react-router's <Link>. Every link of the app is imported from
 * "#link" (package.json "imports"), which is this module in the browser;
 * the server bundle aliases "#link" to lib/static-link.tsx, so that the
 * prerender renders links to site paths without <Link>'s hooks
 * (generator/bundle).
 */
export { Link } from "react-router-dom";
