import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LinkButton, SmartLink } from "../components/ui/button";
import type { SectionProps } from "./props";

export function NotFoundView({ section }: SectionProps<"not-found">) {
  const { pathname } = useLocation();
  // Logged once, when the page is shown: PageHost mounts a fresh page per
  // path, and keeps this one on screen while leaving it, when the location
  // already names the next page.
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="container not-found">
      <h1>{section.heading}</h1>
      <p>{section.text}</p>
      <LinkButton href="/" size="lg">
        {section.returnHome}
      </LinkButton>
      {section.links && (
        <ul className="not-found__links">
          {section.links.map((l) => (
            <li key={l.href}>
              <SmartLink href={l.href} external={l.external}>
                {l.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
