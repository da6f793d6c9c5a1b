import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LinkButton } from "../components/ui/button";
import type { NotFoundCopy } from "../lib/content-types";
import type { PageProps } from ".";
import "./text-pages.css";

export function NotFoundPage({ data }: PageProps) {
  const copy = data.copy as NotFoundCopy;
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
      <h1>{copy.heading}</h1>
      <p>{copy.text}</p>
      <LinkButton href="/" size="lg">
        {copy.returnHome}
      </LinkButton>
    </section>
  );
}
