import type { Section, SiteData, Webinar, WebinarsSection } from "../lib/content-types";

/**
 * What the build adds to a record (a webinar's time as a visitor reads it,
 * its button), for a record the build has not seen as it is being edited:
 * a new one, or one whose date, time, zone or title changed since. The
 * preview (preview.tsx) shows the built record's words while they still
 * hold, and these in their place: never the last build's date for a date
 * since changed, never an empty button. A field not filled in yet shows
 * as a placeholder naming it ([date]), which no page of the site shows:
 * the build refuses the record.
 *
 * This words as generator/content/sections/webinars.go does, from the
 * copy the page's section carries, for the preview alone: the saved page
 * is the build's. A date shows as typed (2024-03-01): the months' names
 * stay out of the page data, which holds final words only. A time zone's
 * abbreviation is the browser's, which names fewer zones than the build's
 * database (Asia/Tokyo is UTC+09 here, JST on the page).
 */
export function rewordRecords(collection: string, records: unknown, built: unknown, sections: Section[], site: SiteData, now = new Date()): unknown {
  if (collection !== "webinars" || !Array.isArray(records)) return records;
  const copy = sections.find((s) => s.kind === "webinars") as WebinarsSection | undefined;
  if (!copy) return records;
  const was = Array.isArray(built) ? (built as Webinar[]) : [];
  return (records as Webinar[]).map((w, i) => (sameAsBuilt(w, was[i]) ? w : wordWebinar(w, copy, site, now)));
}

function sameAsBuilt(w: Webinar, b: Webinar | undefined): boolean {
  return !!b && b.title === w.title && b.date === w.date && b.time === w.time && b.timeZone === w.timeZone;
}

/** wordWebinar is w as the build words it (WebinarsSection.WordRecords, FinishRecords). */
export function wordWebinar(w: Webinar, copy: WebinarsSection, site: SiteData, now: Date): Webinar {
  const title = text(w.title);
  const date = text(w.date);
  const time = text(w.time);
  const zone = text(w.timeZone);
  const start = startOf(date, time, zone);
  const past = start !== undefined && start.getTime() <= now.getTime();
  const when = `${date || "[date]"} · ${time || "[time]"} ${zone ? zoneName(zone, start) : "[time zone]"}`;
  const [label, subject] = past ? [copy.recordingLabel, copy.recordingSubject] : [copy.registerLabel, copy.registerSubject];
  const email = site.config.demoEmail;
  return {
    ...w,
    title: title || "[title]",
    speaker: text(w.speaker) || "[speaker]",
    past,
    when,
    starts: start?.toISOString() ?? "",
    // The button of the saved page, once there is a mailbox to write to.
    action: { ...w.action, label: label ?? "", href: email ? `mailto:${email}?subject=${encodeURIComponent(`${subject ?? ""} ${title}`)}` : "" },
  };
}

function text(v: unknown): string {
  return typeof v === "string" ? v.trim() : v == null ? "" : String(v);
}

/** The offset from UTC of zone at instant t, in minutes, or undefined if zone is none. */
function offsetAt(zone: string, t: Date): number | undefined {
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(t).find((p) => p.type === "timeZoneName")?.value ?? "";
    const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
    if (!m) return undefined;
    return m[1] ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  } catch {
    return undefined;
  }
}

/** startOf is Webinar.Start: the instant date and time name in zone, or undefined. */
function startOf(date: string, time: string, zone: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t || !zone) return undefined;
  const local = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const guess = offsetAt(zone, new Date(local));
  if (guess === undefined) return undefined;
  const offset = offsetAt(zone, new Date(local - guess * 60_000)) ?? guess;
  return new Date(local - offset * 60_000);
}

/**
 * zoneName is Webinar.Zone: the zone's abbreviation on the day (CET,
 * EST), or its offset from UTC (UTC+03); the name as written while it
 * names no zone the browser knows.
 */
function zoneName(zone: string, start: Date | undefined): string {
  const offset = start && offsetAt(zone, start);
  if (!start || offset === undefined) return zone;
  for (const locale of ["en-US", "en-GB"]) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }).formatToParts(start).find((p) => p.type === "timeZoneName")?.value ?? "";
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  const abs = Math.abs(offset);
  const hm = `${String(Math.floor(abs / 60)).padStart(2, "0")}${abs % 60 ? `:${String(abs % 60).padStart(2, "0")}` : ""}`;
  return `UTC${offset < 0 ? "-" : "+"}${hm}`;
}
