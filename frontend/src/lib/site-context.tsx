import { createContext, useContext } from "react";
import type { SiteData } from "./content-types";

const SiteContext = createContext<SiteData | null>(null);

export const SiteProvider = SiteContext.Provider;

/** useSite returns the site-wide data embedded in every page. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite outside SiteProvider");
  return site;
}
