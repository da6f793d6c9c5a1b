import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { LegalCopy } from "../lib/content-types";
import { useSite } from "../lib/site-context";
import type { PageProps } from ".";
import "./text-pages.css";

/**
 * LegalPage shows a Markdown document rendered by the build. The documents
 * write the mailbox as {email} (goldmark escapes it to %7Bemail%7D inside a
 * mailto:), filled in from site.yaml so that only site.yaml spells it.
 * Site links inside the document navigate client-side like any other link.
 */
export function LegalPage({ data }: PageProps) {
  const copy = data.copy as LegalCopy;
  const { config } = useSite();
  const navigate = useNavigate();
  const html = (data.html ?? "").replace(/\{email\}|%7Bemail%7D/g, config.demoEmail);
  const onClick = (e: MouseEvent) => {
    const a = (e.target as Element).closest("a");
    const href = a?.getAttribute("href");
    if (!href?.startsWith("/") || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <article className="container legal">
      {/* The click handler only upgrades links to client-side navigation; they work as plain links too. */}
      <div dangerouslySetInnerHTML={{ __html: html }} onClick={onClick} />
      <p>
        <Link to="/" className="legal-back">
          {copy.backToHome}
        </Link>
      </p>
    </article>
  );
}
