import type { ComponentType } from "react";
import type { PageData, PageKey } from "../lib/content-types";
import { BasicPage } from "./basic-page";
import { HomePage } from "./home-page";
import { LegalPage } from "./legal-page";
import { NotFoundPage } from "./not-found-page";

export interface PageProps {
  data: PageData;
}

/** pages maps each page key of the route table to its component. */
export const pages: Record<Exclude<PageKey, "redirect">, ComponentType<PageProps>> = {
  home: HomePage,
  "voice-ai": BasicPage,
  "text-ai": BasicPage,
  pulse: BasicPage,
  "health-companion": BasicPage,
  "use-cases": BasicPage,
  platform: BasicPage,
  services: BasicPage,
  "case-studies": BasicPage,
  resources: BasicPage,
  about: BasicPage,
  partners: BasicPage,
  legal: LegalPage,
  "not-found": NotFoundPage,
};
