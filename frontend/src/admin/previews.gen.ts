// Code generated from generator/content by EditorPreviews(); DO NOT EDIT.
// Refresh: make types

/** The collections of config.yml whose entries are pages, and how the preview draws each (preview.tsx). */
export const previewForms = {
  pages: "page",
  "text-pages": "text",
  articles: "article",
} as const;

/** The field of a Markdown entry that holds its text. */
export const bodyField = "body";

/** A reader's pace, as the build counts an article's reading time. */
export const wordsPerMinute = 220;
