// Cookie consent and Google Consent Mode v2. Every function here touches
// browser globals: call them from effects and event handlers only.

/** ConsentChoice is what is stored under localStorage "cookie-consent". */
export interface ConsentChoice {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_KEY = "cookie-consent";
/** The sessionStorage key of the landing campaign (lib/campaign), kept only with consent to analytics. */
export const CAMPAIGN_KEY = "campaign";
const GTAG_HOST = "https://www.googletagmanager.com";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** readConsent returns the saved choice, or null when there is none or it cannot be parsed. */
export function readConsent(): ConsentChoice | null {
  try {
    const v = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? "null");
    if (v && typeof v === "object" && typeof v.analytics === "boolean" && typeof v.marketing === "boolean") {
      return { essential: true, analytics: v.analytics, marketing: v.marketing };
    }
  } catch {
    // Not JSON: treated as no choice, so the banner asks again.
  }
  return null;
}

export function saveConsent(c: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(c));
    if (!c.analytics) sessionStorage.removeItem(CAMPAIGN_KEY);
  } catch {
    // Storage refused (private mode): the choice holds for this page view.
  }
}

/**
 * initConsentMode defines dataLayer and gtag and sets every consent type
 * to denied by default. It runs before any tag can load, since tags are
 * only ever injected by applyConsent.
 */
export function initConsentMode(): void {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    // gtag.js reads Arguments objects from the dataLayer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
  });
}

/**
 * applyConsent tells the tags about a choice, pushes a dataLayer event for
 * each accepted category and, when a measurement ID is configured and
 * something was accepted, loads gtag.js (once).
 */
export function applyConsent(c: ConsentChoice, measurementID?: string): void {
  initConsentMode();
  const grant = (b: boolean) => (b ? "granted" : "denied");
  window.gtag!("consent", "update", {
    analytics_storage: grant(c.analytics),
    ad_storage: grant(c.marketing),
    ad_user_data: grant(c.marketing),
    ad_personalization: grant(c.marketing),
  });
  if (c.analytics) window.dataLayer!.push({ event: "analytics_consent_granted" });
  if (c.marketing) window.dataLayer!.push({ event: "marketing_consent_granted" });
  if (measurementID && (c.analytics || c.marketing) && !document.getElementById("gtag-js")) {
    const s = document.createElement("script");
    s.id = "gtag-js";
    s.async = true;
    s.src = `${GTAG_HOST}/gtag/js?id=${encodeURIComponent(measurementID)}`;
    document.head.appendChild(s);
    window.gtag!("js", new Date());
    window.gtag!("config", measurementID);
  }
}

// The preferences dialog's opener, once it is mounted; until then, whether
// it was asked for. The layout's parts hydrate one by one, and a press on
// the footer hydrates the footer first: it may come before the dialog's
// part has hydrated, and is kept for it.
let openSettings: (() => void) | null = null;
let settingsAsked = false;

/** openCookieSettings opens the preferences dialog (footer "Cookie settings"), now or as soon as it is there. */
export function openCookieSettings(): void {
  if (openSettings) openSettings();
  else settingsAsked = true;
}

/**
 * onCookieSettings makes open the preferences dialog's opener, and opens it
 * at once if openCookieSettings asked for it before. It returns the
 * function that unregisters it.
 */
export function onCookieSettings(open: () => void): () => void {
  openSettings = open;
  if (settingsAsked) {
    settingsAsked = false;
    open();
  }
  return () => {
    if (openSettings === open) openSettings = null;
  };
}
