import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Link } from "#link";
import type { SectionProps } from "./props";

/**
 * MarkdownView shows Markdown rendered by the build ({email} already
 * filled in from site.yaml, so that only site.yaml spells it). Site links inside the text navigate client-side like any other link.
 */
export function MarkdownView({ section }: SectionProps<"markdown">) {
  const navigate = useNavigate();
  const html = section.html;
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
      {section.back && (
        <p>
          <Link to={section.back.href ?? "/"} className="legal-back">
            {section.back.label}
          </Link>
        </p>
      )}
    </article>
  );
}
