// What the lazy section kinds (content.Kind.Lazy) take from the app: the
// app's entry exports these names, and each lazy kind's module, built
// apart from the app (generator/bundle), imports what the app has from the
// app's own file, so that a page showing the kind adds only the kind's own
// code, and React, the router and every context stay one. A lazy kind that
// needs another name of the app's adds it here; the build refuses one
// that imports a name not exported.
export { useEffect, useId, useRef, useState } from "react";
export { Fragment, jsx, jsxs } from "react/jsx-runtime";
export { useLocation } from "react-router-dom";
export { BlockSection } from "../components/block-sections";
export { Button, onClickScrollTo, SmartLink } from "../components/ui/button";
export { Icon } from "../components/ui/icon";
export { useToast } from "../components/ui/toast";
export { Tooltip } from "../components/ui/tooltip";
export { useScrollPast } from "../hooks/use-scroll-past";
export { cameFrom } from "./came-from";
export { campaign } from "./campaign";
export { hydratingFirstPage } from "./hydration";
export { useSite } from "./site-context";
