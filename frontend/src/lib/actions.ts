import type { Action, SiteConfig } from "./content-types";

/**
 * siteAddress returns the address of site.yaml that an Action's or
 * InfoItem's `site` names (pulse, health, demo, careers, email), so that
 * copy never spells a host or a mailbox itself.
 */
export function siteAddress(config: SiteConfig, name: string): string {
  switch (name) {
    case "pulse":
      return config.productSites.pulse;
    case "health":
      return config.productSites.health;
    case "demo":
      return config.demoFormURL;
    case "careers":
      return config.careersURL;
    case "email":
      return "mailto:" + config.demoEmail;
  }
  return "/";
}

/** actionHref resolves an Action to the href to render. */
export function actionHref(config: SiteConfig, a: Action): string {
  return a.site ? siteAddress(config, a.site) : (a.href ?? "/");
}

/** fill replaces {key} placeholders in copy. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
