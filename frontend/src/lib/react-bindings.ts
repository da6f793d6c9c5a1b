// The app's own imports of "react" resolve here, in both bundles
// (generator/bundle, reactBindings); other packages import React itself.
//
// React is a CommonJS package. esbuild gives every ES module that imports
// one its own copy of the package's exports, each a getter: thirty copies
// of React's fifty names made each goja runtime of the build spend 10 of
// its 13 ms starting, and every hook call of a render went through a
// getter. Here each name is read once, into a plain binding that the app's
// modules share.
//
// A name the app imports from "react" must be listed here: esbuild says
// `No matching export in "src/lib/react-bindings.ts"` otherwise.
import * as React from "react";

export const {
  Children,
  Component,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  memo,
  startTransition,
  use,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} = React;
