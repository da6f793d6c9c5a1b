// A component imports its stylesheet for its effect only (esbuild bundles
// the CSS; nothing is bound). TypeScript 7 checks that a side-effect
// import resolves to something it can type, so .css files are declared
// here as modules with no exports.
declare module "*.css";
