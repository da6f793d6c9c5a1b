import type { Limits } from "./content-types";
import { CAMPAIGN_KEY as KEY, readConsent } from "./consent";

/**
 * The campaign parameters (utm_*) of the address the visitor landed on,
 * for the enquiries they send. Read once, when the app starts, from the
 * first page's address; kept in sessionStorage, so that they outlive a
 * page load of the same visit, only while the visitor consents to
 * analytics, and dropped from it once they do not. Only values that pass
 * the contact function's rules (internal/contactform, in the site data's
 * limits) are kept: the visitor could not correct one it refuses.
 */
let landing: Record<string, string> = {};

function pick(search: string, limits: Limits): Record<string, string> {
  const ok = new RegExp(limits.campaignPattern, "u");
  const q = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const k of limits.campaignKeys) {
    const v = q.get(k)?.trim();
    if (v && [...v].length <= limits.maxCampaign && ok.test(v)) out[k] = v;
  }
  return out;
}

/** startCampaign reads the landing address; entry-client calls it once. */
export function startCampaign(limits: Limits): void {
  landing = pick(location.search, limits);
  campaign(limits);
}

/** campaign returns the parameters to send: none without consent to analytics. */
export function campaign(limits: Limits): Record<string, string> {
  try {
    if (!readConsent()?.analytics) {
      sessionStorage.removeItem(KEY);
      return {};
    }
    if (Object.keys(landing).length) sessionStorage.setItem(KEY, JSON.stringify(landing));
    // Read back through the same rules: storage is the visitor's to edit.
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Record<string, string>;
    return pick(new URLSearchParams(kept).toString(), limits);
  } catch {
    return {}; // storage refused (private mode) or not JSON
  }
}
