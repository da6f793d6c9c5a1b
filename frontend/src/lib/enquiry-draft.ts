/**
 * An enquiry being typed, kept for the tab (sessionStorage) until it is
 * sent: a visitor who fills half the form, follows a link to check a
 * product and comes Back finds what they typed. The app swaps pages in one
 * document, so the browser's own form restoration (its back-forward cache)
 * never applies, and the form came back empty.
 *
 * Kept: the visitor's own words, for the request they are making (no
 * consent needed, as for a basket), in this tab only, and gone once the
 * enquiry is delivered or the tab is closed. The honeypot is never kept.
 * The product is kept with the page it was chosen on: another page's form
 * presets its own (the page's product, or the one whose link led there).
 * openedAt is when the form was first opened for this enquiry: the
 * time-to-fill rule counts from there, not from the Back that brought the
 * filled form again.
 */
const KEY = "vozia:enquiry";

export const draftFields = ["firstName", "lastName", "email", "phone", "companySize", "message"] as const;
export type DraftField = (typeof draftFields)[number];

export interface Draft {
  fields: Partial<Record<DraftField, string>>;
  product?: { path: string; id: string };
  openedAt: number;
}

/** loadDraft returns the enquiry kept for this tab, if any (anything else under the key is ignored). */
export function loadDraft(): Draft | undefined {
  try {
    const d = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<Draft> | null;
    if (!d || typeof d !== "object" || typeof d.openedAt !== "number" || typeof d.fields !== "object" || !d.fields) return undefined;
    const fields: Draft["fields"] = {};
    for (const f of draftFields) {
      const v = (d.fields as Record<string, unknown>)[f];
      if (typeof v === "string") fields[f] = v;
    }
    const p = d.product;
    const product = p && typeof p.path === "string" && typeof p.id === "string" ? { path: p.path, id: p.id } : undefined;
    return { fields, product, openedAt: d.openedAt };
  } catch {
    return undefined;
  }
}

/** saveDraft keeps the form's fields; a form with nothing typed keeps nothing. */
export function saveDraft(d: Draft): void {
  try {
    if (draftFields.some((f) => d.fields[f]?.trim())) sessionStorage.setItem(KEY, JSON.stringify(d));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: the form works as before, unkept.
  }
}

/** clearDraft forgets the enquiry (delivered). */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Refused: nothing was kept.
  }
}
