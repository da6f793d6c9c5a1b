import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LinkButton } from "../components/ui/button";
import type { NotFoundCopy } from "../lib/content-types";
import type { PageProps } from ".";
import "./text-pages.css";

export function NotFoundPage({ data }: PageProps) {
  const copy = data.copy as NotFoundCopy;
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
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
