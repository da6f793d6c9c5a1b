import type { ComponentType } from "react";
import type { PageData, PageKey } from "../lib/content-types";
import { HomePage } from "./home-page";
import { AboutPage } from "./about-page";
import { CaseStudiesPage } from "./case-studies-page";
import { HealthCompanionPage } from "./health-companion-page";
import { PartnersPage } from "./partners-page";
import { PlatformPage } from "./platform-page";
import { PulsePage } from "./pulse-page";
import { ResourcesPage } from "./resources-page";
import { ServicesPage } from "./services-page";
import { SolutionPage } from "./solution-page";
import { UseCasesPage } from "./use-cases-page";
import { LegalPage } from "./legal-page";
import { NotFoundPage } from "./not-found-page";

export interface PageProps {
  data: PageData;
}

/** pages maps each page key of the route table to its component. */
export const pages: Record<Exclude<PageKey, "redirect">, ComponentType<PageProps>> = {
  home: HomePage,
  "voice-ai": SolutionPage,
  "text-ai": SolutionPage,
  pulse: PulsePage,
  "health-companion": HealthCompanionPage,
  "use-cases": UseCasesPage,
  platform: PlatformPage,
  services: ServicesPage,
  "case-studies": CaseStudiesPage,
  resources: ResourcesPage,
  about: AboutPage,
  partners: PartnersPage,
  legal: LegalPage,
  "not-found": NotFoundPage,
};
