// Code generated from generator/content by EditorPreviews(); DO NOT EDIT.
// Refresh: make types

/** The collections of config.yml whose entries are pages, and how the preview draws each (preview.tsx). */
export const previewForms = {
  pages: "page",
  "text-pages": "text",
  articles: "article",
} as const;

/**
 * The files of config.yml whose records the site's sections show, by the
 * name the editor gives the file: the collection (Collections) they are,
 * or the field of a section the build fills with the file's record.
 */
export const recordPreviews = {
  caseStudies: { collection: "caseStudies" },
  faq: { collection: "faq" },
  founders: { collection: "founders" },
  partnerGroups: { collection: "partnerGroups" },
  resources: { collection: "resources" },
  reviews: { collection: "reviews" },
  services: { collection: "services" },
  values: { collection: "values" },
  webinars: { collection: "webinars" },
  security: { kind: "security", field: "record" },
} as const;

/**
 * The collections each kind of section shows: a list, or the name of the
 * section's field that names the one it shows.
 */
export const sectionReads: Record<string, readonly string[] | { field: string }> = {
  "business-lines": ["services"],
  "case-studies": ["caseStudies"],
  "case-study-grid": ["caseStudies"],
  collection: { field: "collection" },
  faq: ["faq"],
  founders: ["founders"],
  "resource-library": ["resources"],
  reviews: ["reviews"],
  services: ["services"],
  webinars: ["webinars"],
};

/** The field of a Markdown entry that holds its text. */
export const bodyField = "body";

/** A reader's pace, as the build counts an article's reading time. */
export const wordsPerMinute = 220;

/** The plain cover the build draws for an article without one, and the shape of every cover. */
export const defaultCover = { src: "/cover.svg", width: 1200, height: 630 } as const;

/** The names an action may give as `site:`, each an address of site.yaml (site-addresses.ts). */
export const siteAddressNames = ["pulse", "health", "demo", "careers", "email"] as const;
