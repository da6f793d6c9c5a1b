import { useEffect, useRef, useState, type FormEvent, type HTMLAttributes, type ReactElement } from "react";
import { useLocation } from "react-router-dom";
import { cameFrom } from "../lib/came-from";
import { campaign } from "../lib/campaign";
import { clearDraft, draftFields, loadDraft, saveDraft } from "../lib/enquiry-draft";
import type { FormMessages, Limits } from "../lib/content-types";
import { hydratingFirstPage } from "../lib/hydration";
import { useSite } from "../lib/site-context";
import { Button, SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import { useToast } from "./ui/toast";
import "./contact-section.css";

/**
 * ContactSection is the contact information (id "contact-info") beside the
 * enquiry form (id "contact-form"), with every word from layout.contactForm.
 * Props: heading / intro / submit (the button's label) override the layout's
 * copy for one page; any other
 * <section> attribute. Render it once per page (the ids are fixed).
 *
 * The form validates with the messages of layout.yaml's form (its rules:
 * functions/contact/README.md), refuses to send when the hidden honeypot
 * is filled or when it is submitted less than 3000 ms after it appeared,
 * and POSTs JSON to site.yaml's contactEndpoint:
 * {name, email, phone, companySize, message, product, page, utm_*,
 * honeypot, elapsedMs}. Every field is required, marked "*" and
 * aria-required, but the product: a select of site.yaml's products, preset
 * to the product of the form's page (or of the nearest page above it that
 * has one: /services/x is about /services's product), or else to that of the page whose link
 * led here (a demo link on /solutions/pulse presets Pulse on the demo
 * page). page is the form's own path; the campaign parameters are those of
 * the landing address, sent only with consent to analytics (lib/campaign).
 * Where JavaScript
 * is off the form cannot send (the function takes only a signed JSON
 * body): a note with the site's address stands in place of its fields
 * (CSS, the scripting media feature). Where the app has not started yet
 * (a slow connection: the page is prerendered and its script comes after it) the
 * form is shown and can be filled: its method is "dialog", which outside a
 * dialog makes a submission do nothing, so that nothing typed ever leaves
 * the page in a URL. Until the app has started, Send is not a submit
 * button but opens a note (a popover: HTML alone) saying the message goes
 * once the page has loaded, and, if that takes long, where to write
 * instead; when the app starts and finds the note open, it closes it and
 * sends. What was typed stays throughout, and in the tab until the
 * enquiry is delivered: Back to the form after following a link finds it
 * filled (lib/enquiry-draft). When the function
 * refuses fields (400 {"error":"validation","fields":{...}}, see
 * functions/contact), their messages show on those fields; after a
 * delivered enquiry the form gives way to a lasting panel saying what
 * happens next, besides the brief's success toast.
 */
export interface ContactSectionProps extends HTMLAttributes<HTMLElement> {
  heading?: string;
  intro?: string;
  submit?: string;
}

type Field = keyof FormMessages | "product";
type Values = Record<Field | "honeypot", string>;
type Messages = Partial<Record<Field, string>>;

/**
 * bodyDigest is the header CloudFront needs to sign a POST to the contact
 * function (origin access control; Lambda takes no unsigned body): the
 * body's SHA-256 in hex. SubtleCrypto exists only in secure contexts
 * (HTTPS, localhost); elsewhere the local server takes the body without it.
 */
async function bodyDigest(body: string): Promise<Record<string, string>> {
  if (!globalThis.crypto?.subtle) return {};
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  return { "X-Amz-Content-Sha256": Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("") };
}

/**
 * serverFields maps the contact function's field names to the form's: it
 * receives first and last name joined as "name", whose message goes on the
 * first name.
 */
const fieldOrder: Field[] = ["firstName", "lastName", "email", "phone", "companySize", "product", "message"];
const serverFields: Record<string, Field> = {
  name: "firstName",
  email: "email",
  phone: "phone",
  companySize: "companySize",
  message: "message",
  product: "product",
};

/** fieldErrors reads the function's validation answer: its field messages, or null for any other body. */
function fieldErrors(body: unknown): Messages | null {
  const b = body as { error?: unknown; fields?: unknown } | null;
  if (b?.error !== "validation" || typeof b.fields !== "object" || !b.fields) return null;
  const out: Messages = {};
  for (const [k, v] of Object.entries(b.fields)) {
    const f = serverFields[k];
    if (f && typeof v === "string" && v) out[f] = out[f] ?? v;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * firstPaintAt is the time (as Date.now counts) of the page's first
 * contentful paint, or of its navigation where the browser does not report
 * paints.
 */
function firstPaintAt(): number {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  // A whole number: elapsedMs is sent as whole milliseconds.
  return Math.round(performance.timeOrigin + (paint?.startTime ?? 0));
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * validate returns the fields that break the form's rules
 * (functions/contact/README.md). The bounds come from the site data (internal/contactform, which the contact function
 * enforces too), so the form and the function never disagree on a number.
 */
export function validate(v: Values, limits: Limits): Field[] {
  const bad: Field[] = [];
  const t = (f: Field) => [...v[f].trim()].length;
  if (t("firstName") < limits.minName) bad.push("firstName");
  if (t("lastName") < limits.minName) bad.push("lastName");
  if (!EMAIL.test(v.email.trim())) bad.push("email");
  if (t("phone") < limits.minPhone) bad.push("phone");
  if (t("companySize") < 1) bad.push("companySize");
  if (t("message") < limits.minMessage) bad.push("message");
  return bad;
}

function read(form: HTMLFormElement): Values {
  const data = new FormData(form);
  const get = (k: string) => String(data.get(k) ?? "");
  return {
    firstName: get("firstName"),
    lastName: get("lastName"),
    email: get("email"),
    phone: get("phone"),
    companySize: get("companySize"),
    product: get("product"),
    message: get("message"),
    honeypot: get("website"),
  };
}

/**
 * productOfPage is the product a page is about: the product listing the
 * page, or else the nearest page above it (a service's /services/x is
 * about what /services is about), never the home page.
 */
export function productOfPage(products: { id: string; pages?: string[] }[], path: string): string {
  for (let p = path.replace(/\/+$/, ""); p !== ""; p = p.slice(0, p.lastIndexOf("/"))) {
    const product = products.find((x) => x.pages?.includes(p));
    if (product) return product.id;
  }
  return "";
}

/**
 * restoreDraft fills the form's empty fields with the enquiry kept for the
 * tab (lib/enquiry-draft): what was typed before the app started stays.
 * The time to fill counts from the draft's first opening.
 */
function restoreDraft(form: HTMLFormElement, openedAt: { current: number }) {
  const d = loadDraft();
  if (!d) return;
  for (const f of draftFields) {
    const el = form.elements.namedItem(f) as HTMLInputElement | null;
    if (el && !el.value && d.fields[f]) el.value = d.fields[f];
  }
  const select = form.elements.namedItem("product") as HTMLSelectElement | null;
  const id = d.product?.path === location.pathname ? d.product.id : undefined;
  if (select && [...select.options].some((o) => o.value === id)) select.value = id!;
  // Only a time this tab could have had (within a day, not ahead): a
  // value planted in the storage must not void the time-to-fill rule.
  if (d.openedAt > Date.now() - 86_400_000) openedAt.current = Math.min(openedAt.current, d.openedAt);
}

/** keepDraft keeps what the form holds for the tab, until the enquiry is delivered. */
function keepDraft(form: HTMLFormElement, openedAt: number) {
  const v = read(form);
  saveDraft({
    fields: Object.fromEntries(draftFields.map((f) => [f, v[f]])),
    product: v.product ? { path: location.pathname, id: v.product } : undefined,
    openedAt,
  });
}

/** The note Send opens before the app has started. */
const QUEUED = "cf-queued";

export function ContactSection({ heading, intro, submit, className, ...rest }: ContactSectionProps) {
  const { config, layout } = useSite();
  const copy = layout.contactForm;
  // The site's address, where each note sends the visitor instead.
  const mail = <a href={`mailto:${config.demoEmail}`}>{config.demoEmail}</a>;
  const products = config.products ?? [];
  const productOf = (path: string) => productOfPage(products, path);
  const { pathname } = useLocation();
  // False in the prerendered form, until the app has started.
  const [started, setStarted] = useState(false);
  const toast = useToast();
  const openedAt = useRef(0);
  const [errors, setErrors] = useState<Field[]>([]);
  // Messages from the function, each kept until its field is edited.
  const [server, setServer] = useState<Messages>({});
  const [tried, setTried] = useState(false);
  // The one announcement of a failed attempt: which fields to check. Each
  // field's own message is tied to it (aria-describedby) and read with it.
  const [summary, setSummary] = useState("");
  // Said anew on each failed attempt: a live region whose text is set to
  // what it already says is not read again, and a second Send with the
  // same mistakes seemed to do nothing to a screen reader's user. Emptied,
  // then written a frame later.
  const announce = (text: string) => {
    setSummary("");
    if (text) requestAnimationFrame(() => setSummary(text));
  };
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const focusOnForm = useRef(false);

  // The form opened when the visitor could first see it and type in it:
  // on the page the browser loaded, at its first paint, however long the
  // app then took to start (on a slow connection the visitor may have
  // filled it meanwhile); after a client-side navigation, now.
  useEffect(() => {
    openedAt.current = hydratingFirstPage() ? firstPaintAt() : Date.now();
    const el = form.current;
    const select = el?.elements.namedItem("product") as HTMLSelectElement | null;
    if (select && !select.value) select.value = productOf(cameFrom());
    if (el) {
      restoreDraft(el, openedAt);
      keepDraft(el, openedAt.current);
    }
    setStarted(true);
    // Send was pressed before the app started: send now.
    const note = document.getElementById(QUEUED);
    if (note?.matches(":popover-open")) {
      note.hidePopover();
      el?.requestSubmit();
    }
  }, []);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // While one goes, Send is aria-disabled, not disabled: a disabled
    // button loses focus to the document, and the keyboard's next Tab
    // started from the page's top.
    if (sending) return;
    const el = e.currentTarget;
    const v = read(el);
    const bad = validate(v, copy.limits);
    setTried(true);
    setErrors(bad);
    setServer({});
    announce(bad.length ? copy.errorSummary.replace("{fields}", bad.map((f) => copy.fields[f]).join(", ")) : "");
    if (bad.length) {
      (el.elements.namedItem(bad[0]) as HTMLElement | null)?.focus();
      return;
    }
    const elapsedMs = Date.now() - openedAt.current;
    if (v.honeypot || elapsedMs < copy.limits.minFillMs) {
      toast({ title: copy.suspicious.title, text: copy.suspicious.text, variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const body = JSON.stringify({
        name: `${v.firstName.trim()} ${v.lastName.trim()}`,
        email: v.email.trim(),
        phone: v.phone.trim(),
        companySize: v.companySize,
        message: v.message.trim(),
        ...(v.product && { product: v.product }),
        // One slash for many: the function refuses a page with an empty
        // segment, and a form on the page not found, reached at "/a//b",
        // must still send.
        page: location.pathname.replace(/\/\/+/g, "/"),
        ...campaign(copy.limits),
        honeypot: v.honeypot,
        elapsedMs,
      });
      const res = await fetch(config.contactEndpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(await bodyDigest(body)) },
        body,
      });
      if (res.status === 400) {
        const body = await res.json().catch(() => null);
        const fields = fieldErrors(body);
        if (fields) {
          setServer(fields);
          const first = fieldOrder.find((f) => fields[f]);
          announce(copy.errorSummary.replace("{fields}", fieldOrder.filter((f) => fields[f]).map((f) => copy.fields[f]).join(", ")));
          if (first) (el.elements.namedItem(first) as HTMLElement | null)?.focus();
          return;
        }
        if (body?.error === "suspicious") {
          toast({ title: copy.suspicious.title, text: copy.suspicious.text, variant: "destructive" });
          return;
        }
      }
      if (!res.ok) throw new Error(`contact: ${res.status}`);
      // Shown, not read out: the sent panel that replaces the form takes
      // focus and says it once.
      toast({ title: copy.success.title, text: copy.success.text, silent: true });
      el.reset();
      clearDraft();
      setTried(false);
      setSent(true);
    } catch {
      // Until dismissed, the address a link: the visitor has to act on it,
      // and a toast gone after 4 s left them wondering whether it went.
      toast({
        title: copy.failure.title,
        text: (
          <>
            {copy.failure.text} {mail}
          </>
        ),
        variant: "destructive",
        duration: Infinity,
      });
    } finally {
      setSending(false);
    }
  };

  // After a first attempt, messages follow the input as it changes; a
  // message from the function goes once its field is edited.
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name as Field;
    keepDraft(e.currentTarget, openedAt.current);
    if (server[name]) setServer((m) => ({ ...m, [name]: undefined }));
    if (tried) setErrors(validate(read(e.currentTarget), copy.limits));
  };

  // The panel takes focus when it appears, so that a screen reader reads
  // it and the keyboard is not left on a vanished button; "Send another
  // message" brings back an empty form and focus on its first field.
  useEffect(() => {
    if (sent) {
      // The panel from its top, under the header, as much of it as the
      // screen holds: the focus alone brought its heading to the middle
      // of a phone's screen, its next steps below the fold (a trial).
      sentHeading.current?.parentElement?.scrollIntoView({ block: "start" });
      sentHeading.current?.focus({ preventScroll: true });
    } else if (focusOnForm.current) {
      focusOnForm.current = false;
      (form.current?.elements.namedItem("firstName") as HTMLElement | null)?.focus();
    }
  }, [sent]);
  const again = () => {
    focusOnForm.current = true;
    openedAt.current = Date.now();
    setSent(false);
  };

  const field = (name: Field, control: (a: Record<string, unknown>) => ReactElement, wide = false, required = true, hint?: string) => {
    const msg = errors.includes(name) ? copy.errors[name as keyof FormMessages] : server[name];
    const id = `cf-${name}`;
    const described = [hint && `${id}-hint`, msg && `${id}-error`].filter(Boolean).join(" ");
    return (
      <div className={`field${wide ? " field--wide" : ""}`}>
        <label htmlFor={id}>
          {copy.fields[name]}
          {required && (
            <span className="field__req" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {control({
          id,
          name,
          "aria-required": required || undefined,
          "aria-invalid": msg ? true : undefined,
          "aria-describedby": described || undefined,
        })}
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
            {/* Read before the field's message, in one description: a mark
                ends it ("… +34 612 345 678 Phone number must …" ran on). */}
            {!/[.:;!?]$/.test(hint) && <span className="visually-hidden">.</span>}
          </p>
        )}
        {msg && (
          <p id={`${id}-error`} className="field__error">
            {msg}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className={`contact${className ? " " + className : ""}`} aria-labelledby="contact-heading" {...rest}>
      <div className="container contact__grid">
        <div id="contact-info" className="contact__info">
          <h2 id="contact-heading">{heading ?? copy.heading}</h2>
          <p className="contact__intro">{intro ?? copy.intro}</p>
          <h3>{copy.infoHeading}</h3>
          <ul className="contact__list">
            {copy.info.map((item) => {
              return (
                <li key={item.label}>
                  <span className="contact__icon">
                    <Icon name={item.icon} />
                  </span>
                  <span>
                    <span className="contact__label">{item.label}</span>
                    {item.href ? <SmartLink href={item.href}>{item.text}</SmartLink> : <span>{item.text}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        {sent ? (
          <div id="contact-form" className="contact__form contact__sent">
            <span className="contact__sent-icon">
              <Icon name="check-circle" size={28} />
            </span>
            <h3 ref={sentHeading} tabIndex={-1}>
              {copy.sent.title}
            </h3>
            <p>{copy.sent.text}</p>
            <ol>
              {copy.sent.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <Button variant="outline" onClick={again}>
              {copy.sent.again}
            </Button>
          </div>
        ) : (
        <>
        <form ref={form} id="contact-form" className="contact__form" method="dialog" noValidate onSubmit={onSubmit} onChange={onChange} aria-labelledby="contact-heading">
          {/* Inside the form, which stays where JavaScript is off while its
              fields give way to the note: the page's links to the form
              (#contact-form: "Talk to an expert", the footer's "Contact")
              then lead to the note, where a hidden form moved nothing. */}
          <p className="contact__noscript">
            {copy.noScript} {mail}.
          </p>
          {/* For the eye, as the asterisks are: each field says it is
              required to a screen reader, which heard "fields marked star"
              and met no star (a trial). */}
          <p className="contact__required" aria-hidden="true">
            {copy.requiredNote}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {summary}
          </p>
          {field("firstName", (a) => <input type="text" autoComplete="given-name" {...a} />)}
          {field("lastName", (a) => <input type="text" autoComplete="family-name" {...a} />)}
          {field("email", (a) => <input type="email" autoComplete="email" {...a} />)}
          {field("phone", (a) => <input type="tel" autoComplete="tel" {...a} />, false, true, copy.fields.phoneHint)}
          {field(
            "companySize",
            (a) => (
              <select defaultValue="" {...a}>
                <option value="">{copy.fields.sizePrompt}</option>
                {copy.sizeOptions.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ),
            true,
          )}
          {products.length > 0 &&
            field(
              "product",
              (a) => (
                <select defaultValue={productOf(pathname)} {...a}>
                  <option value="">{copy.fields.productPrompt}</option>
                  {products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
              ),
              true,
              false,
            )}
          {field("message", (a) => <textarea rows={5} {...a} />, true)}
          <div className="contact__hp" aria-hidden="true">
            <label htmlFor="cf-website">{copy.fields.honeypot}</label>
            <input id="cf-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <Button
            type={started ? "submit" : "button"}
            popoverTarget={started ? undefined : QUEUED}
            popoverTargetAction={started ? undefined : "show"}
            size="lg"
            className="contact__submit"
            aria-disabled={sending || undefined}
          >
            {sending ? copy.sending : (submit ?? copy.submit)}
          </Button>
          {/* Until then the form's submit button (a form has one) is this
              hidden one: Enter in a field submits through it, which the
              "dialog" method makes a no-op. */}
          {!started && (
            <button type="submit" hidden>
              {submit ?? copy.submit}
            </button>
          )}
          {copy.privacy && (
            <p className="contact__privacy">
              {copy.privacy.text} <SmartLink href={copy.privacy.link.href}>{copy.privacy.link.label}</SmartLink>
            </p>
          )}
        </form>
        <div id={QUEUED} popover="manual" role="status" className="queued-note contact__queued">
          <span className="queued-note__pending">
            {copy.queued}{" "}
            <span className="contact__stalled">
              {copy.stalled} {mail}.
            </span>
          </span>
          <span className="queued-note__failed">
            {copy.failed} {mail}.
          </span>
        </div>
        </>
        )}
      </div>
    </section>
  );
}
