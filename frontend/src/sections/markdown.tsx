import { SmartLink } from "../components/ui/button";
import { useSiteLinkClicks } from "../hooks/use-site-link-clicks";
import type { SectionProps } from "./props";

/**
 * MarkdownView shows Markdown rendered by the build ({email} already
 * filled in from site.yaml, so that only site.yaml spells it). Site links inside the text navigate client-side like any other link.
 */
export function MarkdownView({ section }: SectionProps<"markdown">) {
  const html = section.html;
  const onClick = useSiteLinkClicks();
  return (
    <article className="container legal">
      {/* The click handler only upgrades links to client-side navigation; they work as plain links too. */}
      <div dangerouslySetInnerHTML={{ __html: html }} onClick={onClick} />
      {section.back && (
        <p>
          <SmartLink href={section.back.href ?? "/"} className="legal-back">
            {section.back.label}
          </SmartLink>
        </p>
      )}
    </article>
  );
}
