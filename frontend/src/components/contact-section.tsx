import { useEffect, useRef, useState, type FormEvent, type HTMLAttributes, type ReactElement } from "react";
import { siteAddress } from "../lib/actions";
import type { FormMessages } from "../lib/content-types";
import { useSite } from "../lib/site-context";
import { Button, SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import { useToast } from "./ui/toast";
import "./contact-section.css";

/**
 * ContactSection is the contact information (id "contact-info") beside the
 * enquiry form (id "contact-form"), with every word from layout.contactForm.
 * Props: heading / intro override the layout's copy for one page; any other
 * <section> attribute. Render it once per page (the ids are fixed).
 *
 * The form validates with the messages of SPEC section 5, refuses to send
 * when the hidden honeypot is filled or when it is submitted less than
 * 3000 ms after it appeared, and POSTs JSON to site.yaml's contactEndpoint:
 * {name, email, phone, companySize, message, honeypot, elapsedMs}.
 */
export interface ContactSectionProps extends HTMLAttributes<HTMLElement> {
  heading?: string;
  intro?: string;
}

type Field = keyof FormMessages;
type Values = Record<Field | "honeypot", string>;

export const MIN_FILL_MS = 3000;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** validate returns the fields that break SPEC section 5's rules. */
export function validate(v: Values): Field[] {
  const bad: Field[] = [];
  const t = (f: Field) => v[f].trim();
  if (t("firstName").length < 2) bad.push("firstName");
  if (t("lastName").length < 2) bad.push("lastName");
  if (!EMAIL.test(t("email"))) bad.push("email");
  if (t("phone").length < 10) bad.push("phone");
  if (t("companySize").length < 1) bad.push("companySize");
  if (t("message").length < 10) bad.push("message");
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
    message: get("message"),
    honeypot: get("website"),
  };
}

export function ContactSection({ heading, intro, className, ...rest }: ContactSectionProps) {
  const { config, layout } = useSite();
  const copy = layout.contactForm;
  const toast = useToast();
  const openedAt = useRef(0);
  const [errors, setErrors] = useState<Field[]>([]);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    openedAt.current = Date.now();
  }, []);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const v = read(form);
    const bad = validate(v);
    setTried(true);
    setErrors(bad);
    if (bad.length) {
      (form.elements.namedItem(bad[0]) as HTMLElement | null)?.focus();
      return;
    }
    const elapsedMs = Date.now() - openedAt.current;
    if (v.honeypot || elapsedMs < MIN_FILL_MS) {
      toast({ title: copy.suspicious.title, text: copy.suspicious.text, variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const res = await fetch(config.contactEndpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `${v.firstName.trim()} ${v.lastName.trim()}`,
          email: v.email.trim(),
          phone: v.phone.trim(),
          companySize: v.companySize,
          message: v.message.trim(),
          honeypot: v.honeypot,
          elapsedMs,
        }),
      });
      if (!res.ok) throw new Error(`contact: ${res.status}`);
      toast({ title: copy.success.title, text: copy.success.text });
      form.reset();
      setTried(false);
      openedAt.current = Date.now();
    } catch {
      toast({ title: copy.failure.title, text: `${copy.failure.text} ${config.demoEmail}`, variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  // After a first attempt, messages follow the input as it changes.
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (tried) setErrors(validate(read(e.currentTarget)));
  };

  const field = (name: Field, control: (a: Record<string, unknown>) => ReactElement, wide = false) => {
    const err = errors.includes(name);
    const id = `cf-${name}`;
    return (
      <div className={`field${wide ? " field--wide" : ""}`}>
        <label htmlFor={id}>{copy.fields[name]}</label>
        {control({
          id,
          name,
          "aria-invalid": err || undefined,
          "aria-describedby": err ? `${id}-error` : undefined,
        })}
        {err && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {copy.errors[name]}
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
              const href = item.site ? siteAddress(config, item.site) : item.href;
              const text = item.site ? href!.replace(/^mailto:/, "") : item.text;
              return (
                <li key={item.label}>
                  <span className="contact__icon">
                    <Icon name={item.icon} />
                  </span>
                  <span>
                    <span className="contact__label">{item.label}</span>
                    {href ? <SmartLink href={href}>{text}</SmartLink> : <span>{text}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <form id="contact-form" className="contact__form" noValidate onSubmit={onSubmit} onChange={onChange} aria-labelledby="contact-heading">
          {field("firstName", (a) => <input type="text" autoComplete="given-name" {...a} />)}
          {field("lastName", (a) => <input type="text" autoComplete="family-name" {...a} />)}
          {field("email", (a) => <input type="email" autoComplete="email" {...a} />)}
          {field("phone", (a) => <input type="tel" autoComplete="tel" {...a} />)}
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
          {field("message", (a) => <textarea rows={5} {...a} />, true)}
          <div className="contact__hp" aria-hidden="true">
            <label htmlFor="cf-website">{copy.fields.honeypot}</label>
            <input id="cf-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <Button type="submit" size="lg" className="contact__submit" disabled={sending}>
            {sending ? copy.sending : copy.submit}
          </Button>
        </form>
      </div>
    </section>
  );
}
