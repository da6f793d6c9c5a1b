// The JSX of the app's own modules resolves here for its runtime
// ("react/jsx-runtime", which esbuild imports into every .tsx file), in
// both bundles: three plain bindings shared by every module instead of a
// copy of getters in each (see react-bindings.ts).
import * as runtime from "react/jsx-runtime";

export const { Fragment, jsx, jsxs } = runtime;
