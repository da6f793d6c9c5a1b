import type { SiteConfig } from "../lib/content-types";
import { siteAddressNames } from "./previews.gen";

type SiteAddressName = (typeof siteAddressNames)[number];

/**
 * The address of site.yaml that each name an action may give as `site:`
 * stands for, as the build gives it (generator/content's siteAddress).
 * The names are the build's (previews.gen.ts): the compiler refuses a name
 * with no address here, and generator/admin's TestPreviewSiteAddresses
 * compares every address with the build's.
 */
const addressOf: { [N in SiteAddressName]: (c: SiteConfig) => string } = {
  pulse: (c) => c.productSites.pulse,
  health: (c) => c.productSites.health,
  demo: (c) => c.demoHref,
  careers: (c) => c.careersURL,
  email: (c) => "mailto:" + c.demoEmail,
};

/**
 * withSiteAddresses is v (a section, or any of its values, as the editor
 * holds it) with every action that names a site address given that
 * address as its href, and a button's e-mail subject appended to it, as
 * the build resolves them (generator/resolve). The editor holds
 * `{label: Request a Demo, site: demo}`, and a section's component draws
 * an action by its href: without this, the preview left such a button
 * out, or drew it as another kind of link.
 */
export function withSiteAddresses<T>(v: T, config: SiteConfig): T {
  if (Array.isArray(v)) return v.map((x: unknown) => withSiteAddresses(x, config)) as T;
  if (v === null || typeof v !== "object") return v;
  const o: Record<string, unknown> = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withSiteAddresses(x, config)]));
  const name = o.site;
  if (typeof name === "string" && Object.hasOwn(addressOf, name)) {
    let href = addressOf[name as SiteAddressName](config);
    if (typeof o.subject === "string" && o.subject !== "") href += "?subject=" + encodeURIComponent(o.subject);
    o.href = href;
  }
  return o as T;
}
