import { Link } from "react-router-dom";
import type { LegalCopy } from "../lib/content-types";
import type { PageProps } from ".";

/** LegalPage shows a Markdown document rendered by the build. */
export function LegalPage({ data }: PageProps) {
  const copy = data.copy as LegalCopy;
  return (
    <article className="container legal">
      <div dangerouslySetInnerHTML={{ __html: data.html ?? "" }} />
      <p>
        <Link to="/">{copy.backToHome}</Link>
      </p>
    </article>
  );
}
