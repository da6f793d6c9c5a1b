import type { ReactElement } from "react";
import { Link as RouterLink, type LinkProps } from "react-router-dom";

/**
 * Link is react-router's <Link>; every link of the app goes through it, so
 * that the prerender can render links its own way (lib/static-link.tsx,
 * installed by entry-server.tsx and absent from the browser bundle). A
 * renderer returns null for the links it leaves to <Link>.
 */
export function Link(props: LinkProps): ReactElement {
  return renderer?.(props) ?? <RouterLink {...props} />;
}

type LinkRenderer = (props: LinkProps) => ReactElement | null;

let renderer: LinkRenderer | undefined;

/** renderLinksWith makes Link try render first. */
export function renderLinksWith(render: LinkRenderer | undefined): void {
  renderer = render;
}
