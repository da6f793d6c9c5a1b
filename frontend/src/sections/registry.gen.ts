// Code generated from generator/content by codegen.Registry(); DO NOT EDIT.
// Refresh: make types (go generate ./...)

import type { ComponentType } from "react";
import type { SectionKind } from "../lib/content-types";
import type { SectionProps } from "./props";
import { ArticleView } from "./article";
import { ArticleIndexView } from "./article-index";
import { BusinessLinesView } from "./business-lines";
import { CardsView } from "./cards";
import { CaseStudiesView } from "./case-studies";
import { CaseStudyView } from "./case-study";
import { CaseStudyGridView } from "./case-study-grid";
import { CollectionView } from "./collection";
import { ContactView } from "./contact";
import { CtaView } from "./cta";
import { FaqView } from "./faq";
import { FoundersView } from "./founders";
import { HeroView } from "./hero";
import { HomeHeroView } from "./home-hero";
import { IntegrationsView } from "./integrations";
import { LatestArticlesView } from "./latest-articles";
import { LogosView } from "./logos";
import { MarkdownView } from "./markdown";
import { NotFoundView } from "./not-found";
import { PulseDashboardView } from "./pulse-dashboard";
import { ResourceLibraryView } from "./resource-library";
import { ReviewsView } from "./reviews";
import { SampleCallView } from "./sample-call";
import { SecurityView } from "./security";
import { ServiceView } from "./service";
import { ServicesView } from "./services";
import { StatsView } from "./stats";
import { TextView } from "./text";
import { WebinarsView } from "./webinars";

/** The renderer of each section kind. */
export const sectionRenderers = {
  article: ArticleView,
  "article-index": ArticleIndexView,
  "business-lines": BusinessLinesView,
  cards: CardsView,
  "case-studies": CaseStudiesView,
  "case-study": CaseStudyView,
  "case-study-grid": CaseStudyGridView,
  collection: CollectionView,
  contact: ContactView,
  cta: CtaView,
  faq: FaqView,
  founders: FoundersView,
  hero: HeroView,
  "home-hero": HomeHeroView,
  integrations: IntegrationsView,
  "latest-articles": LatestArticlesView,
  logos: LogosView,
  markdown: MarkdownView,
  "not-found": NotFoundView,
  "pulse-dashboard": PulseDashboardView,
  "resource-library": ResourceLibraryView,
  reviews: ReviewsView,
  "sample-call": SampleCallView,
  security: SecurityView,
  service: ServiceView,
  services: ServicesView,
  stats: StatsView,
  text: TextView,
  webinars: WebinarsView,
} satisfies { [K in SectionKind]: ComponentType<SectionProps<K>> };

/** The kinds that draw their own background: they take no part in the alternation of the light sections. */
export const ownBackground: ReadonlySet<SectionKind> = new Set(["article", "article-index", "case-study", "contact", "cta", "hero", "home-hero", "markdown", "not-found", "service"]);

/** The kinds whose components have state or handlers: they hydrate as pieces of their own; the others keep their server HTML. */
export const interactive: ReadonlySet<SectionKind> = new Set(["contact", "not-found"]);
