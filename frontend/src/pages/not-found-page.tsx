import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LinkButton } from "../components/ui/button";
import type { NotFoundCopy } from "../lib/content-types";
import { resolveRoute } from "../lib/routes";
import { useSite } from "../lib/site-context";
import type { PageProps } from ".";
import "./text-pages.css";

export function NotFoundPage({ data }: PageProps) {
  const copy = data.copy as NotFoundCopy;
  const { routes } = useSite();
  const { pathname } = useLocation();
  useEffect(() => {
    // During a client-side navigation away, this page stays on screen
    // while the next one loads: only log paths that really have no route.
    if (resolveRoute(routes, pathname).notFound) {
      console.error("404 Error: User attempted to access non-existent route:", pathname);
    }
  }, [routes, pathname]);
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
