import { Link } from "react-router-dom";
import type { LegalCopy } from "../lib/content-types";
import { useSite } from "../lib/site-context";
import type { PageProps } from ".";
import "./text-pages.css";

/**
 * LegalPage shows a Markdown document rendered by the build. The documents
 * write the mailbox as {email} (goldmark escapes it to %7Bemail%7D inside a
 * mailto:), filled in from site.yaml so that only site.yaml spells it.
 */
export function LegalPage({ data }: PageProps) {
  const copy = data.copy as LegalCopy;
  const { config } = useSite();
  const html = (data.html ?? "").replace(/\{email\}|%7Bemail%7D/g, config.demoEmail);
  return (
    <article className="container legal">
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p>
        <Link to="/" className="legal-back">
          {copy.backToHome}
        </Link>
      </p>
    </article>
  );
}
