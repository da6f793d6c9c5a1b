import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";

/**
 * useSiteLinkClicks returns a click handler for HTML the build rendered
 * (Markdown): a plain left click on a link to a site path navigates
 * client-side; every other click, and every link without JavaScript, works
 * as a plain link.
 */
export function useSiteLinkClicks(): (e: MouseEvent) => void {
  const navigate = useNavigate();
  return (e: MouseEvent) => {
    const a = (e.target as Element).closest("a");
    const href = a?.getAttribute("href");
    if (!href?.startsWith("/") || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
}
