import { useEffect, useState, type ComponentType, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Link } from "../lib/link";
import type { BlockCard, CardCollection, Collections, PageData, SectionKind, SectionOf, Service } from "../lib/content-types";
import { useSite } from "../lib/site-context";
import { ContactSection as ContactForm } from "./contact-section";
import { FloatingContact } from "./floating-contact";
import { ArticleIndexView, ArticleView, LatestArticlesView } from "./articles";
import { AboutUs, FAQ } from "./home/about-faq";
import { BusinessLines } from "./home/business-lines";
import { CardGrid } from "./home/card-grid";
import { CaseStudyGrid } from "./home/case-study-grid";
import { Hero } from "./home/hero";
// CSS order: the home sections, then the shared blocks, then the text pages.
import "./home/home.css";
import {
  BlockActionLink,
  BlockCardItem,
  BlockCardList,
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockPoints,
  BlockSection,
  BlockStatList,
  BlockStatsSection,
} from "./block-sections";
import { ReviewsSection } from "./reviews-section";
import { ServiceCard } from "./service-card";
import { LinkButton } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Icon } from "./ui/icon";
import "./text-pages.css";

/**
 * The renderer of each section kind. The kinds are declared once, in Go
 * (generator/content/sections.go); the type below makes tsc fail when a
 * kind has no renderer here, and the section's props are its kind's type.
 */
export interface SectionProps<K extends SectionKind> {
  section: SectionOf<K>;
  /** The page's collection records (only those its sections read). */
  collections: Collections;
  /** The light sections of a page alternate white and soft grey. */
  soft: boolean;
}

type Renderers = { [K in SectionKind]: ComponentType<SectionProps<K>> };

export const sectionRenderers = {
  hero: ({ section }) => <BlockHeroSection hero={section} />,
  cards: ({ section, soft }) => <BlockCardsSection section={section} soft={soft} />,
  stats: ({ section, soft }) => <BlockStatsSection section={section} soft={soft} />,
  text: TextView,
  collection: CollectionView,
  cta: ({ section }) => <BlockCTASection cta={section} />,
  contact: ({ section }) => (
    <>
      <ContactForm heading={section.heading} intro={section.intro} />
      <FloatingContact />
    </>
  ),
  markdown: MarkdownView,
  "home-hero": ({ section }) => <Hero copy={section} />,
  "card-grid": ({ section, soft }) => <CardGrid id={section.id} copy={section} tone={soft ? "soft" : "light"} />,
  "business-lines": ({ section, collections }) => <BusinessLines copy={section} services={collections.services ?? []} />,
  "case-study-grid": ({ section, collections }) => <CaseStudyGrid copy={section} studies={collections.caseStudies ?? []} />,
  "case-studies": CaseStudiesView,
  founders: ({ section, collections }) => <AboutUs copy={section} founders={collections.founders ?? []} />,
  faq: ({ section, collections }) => <FAQ copy={section} items={collections.faq ?? []} />,
  services: ServicesView,
  "resource-library": ResourceLibraryView,
  webinars: WebinarsView,
  reviews: ({ section, collections, soft }) => <ReviewsSection copy={section} reviews={collections.reviews ?? []} soft={soft} />,
  "pulse-dashboard": PulseDashboardView,
  integrations: ({ section: s, soft }) => (
    <BlockSection id="integrations" heading={s.heading} intro={s.intro} soft={soft}>
      <ul className="platform-logos">
        {s.items.map((it) => (
          <li key={it.name}>
            <strong>{it.name}</strong> <span>{it.category}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  ),
  "article-index": ({ section }) => <ArticleIndexView section={section} />,
  "latest-articles": ({ section, soft }) => <LatestArticlesView section={section} soft={soft} />,
  article: ({ section }) => <ArticleView section={section} />,
  "not-found": NotFoundView,
} satisfies Renderers;

/** Kinds that are not light content sections: they take no part in the alternation. */
const unbanded: SectionKind[] = ["hero", "home-hero", "cta", "contact", "markdown", "not-found", "article-index", "article"];

/** Sections renders a page's sections in order. */
export function Sections({ data }: { data: PageData }) {
  let band = 0;
  return (
    <>
      {data.sections.map((s, i) => {
        const soft = unbanded.includes(s.kind) ? false : band++ % 2 === 1;
        const Render = sectionRenderers[s.kind] as ComponentType<SectionProps<SectionKind>>;
        return <Render key={i} section={s as SectionOf<SectionKind>} collections={data.collections} soft={soft} />;
      })}
    </>
  );
}

function TextView({ section: b, soft }: SectionProps<"text">) {
  return (
    <BlockSection heading={b.heading} soft={soft}>
      <div className="about-text">
        {b.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {b.facts && <BlockStatList stats={b.facts} />}
    </BlockSection>
  );
}

/** How each collection a collection section can show becomes cards. */
const collectionCards: { [C in CardCollection]: (c: Collections) => BlockCard[] } = {
  values: (c) => (c.values ?? []).map((v) => ({ icon: v.icon, title: v.title, text: v.description })),
  partnerGroups: (c) =>
    (c.partnerGroups ?? []).map((g) => ({ icon: g.icon, title: g.title, text: g.description, points: g.partners })),
  reviews: (c) => (c.reviews ?? []).map((r) => ({ icon: "star", title: r.company, text: r.reviewBody })),
};

function CollectionView({ section: s, collections, soft }: SectionProps<"collection">) {
  const cards = collectionCards[s.collection as CardCollection](collections);
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      <BlockCardList count={cards.length}>
        {cards.map((c) => (
          <BlockCardItem key={c.title} card={c} />
        ))}
      </BlockCardList>
    </BlockSection>
  );
}

/**
 * MarkdownView shows Markdown rendered by the build. The text writes the
 * mailbox as {email} (goldmark escapes it to %7Bemail%7D inside a
 * mailto:), filled in from site.yaml so that only site.yaml spells it.
 * Site links inside the text navigate client-side like any other link.
 */
function MarkdownView({ section }: SectionProps<"markdown">) {
  const { config } = useSite();
  const navigate = useNavigate();
  const html = section.html.replace(/\{email\}|%7Bemail%7D/g, config.demoEmail);
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

/** CaseStudiesView tells each story of the caseStudies collection in full. */
function CaseStudiesView({ section: s, collections, soft }: SectionProps<"case-studies">) {
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      {(collections.caseStudies ?? []).map((c) => (
        <article key={c.id} id={c.id} className="card story">
          <img src={c.image.src} alt={c.image.alt} width={c.image.width} height={c.image.height} loading="lazy" />
          <div>
            <p className="eyebrow">
              <Icon name={c.icon} size={16} /> {c.industry} · {c.company}
            </p>
            <h3>{c.title}</h3>
            <h4>{s.challenge}</h4>
            <p>{c.challenge}</p>
            <h4>{s.solution}</h4>
            <p>{c.solution}</p>
            <h4>{s.results}</h4>
            <BlockPoints points={c.results} />
          </div>
        </article>
      ))}
    </BlockSection>
  );
}

/**
 * ServicesView shows the consulting services as cards; a card opens the
 * service's details in a dialog, centred on desktop and a sheet from the
 * right under 768 px.
 */
function ServicesView({ section: s, collections, soft }: SectionProps<"services">) {
  const services = collections.services ?? [];
  const [open, setOpen] = useState<Service | null>(null);
  return (
    <>
      <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
        <BlockCardList count={services.length}>
          {services.map((svc) => (
            <ServiceCard key={svc.id} id={svc.id} service={svc} moreLabel={s.openLabel} heading="h3" onOpen={setOpen} />
          ))}
        </BlockCardList>
      </BlockSection>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        variant="right"
        closeLabel={s.closeLabel}
        footer={<BlockActionLink action={s.action} onClick={() => setOpen(null)} />}
      >
        {open && (
          <>
            <p className="svc-lead">{open.description}</p>
            {open.details.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </>
        )}
      </Dialog>
    </>
  );
}

/** Until a resource has a downloadUrl its button asks for it by e-mail, and a notice says so. */
function ResourceLibraryView({ section: library, collections, soft }: SectionProps<"resource-library">) {
  const resources = collections.resources ?? [];
  return (
    <BlockSection id="downloads" heading={library.heading} intro={library.intro} soft={soft}>
      {resources.some((r) => !r.downloadUrl) && <p className="blk-notice">{library.pending}</p>}
      <BlockCardList count={resources.length}>
        {resources.map((r) => (
          <BlockCardItem key={r.title} card={{ icon: r.icon, tag: r.type, title: r.title, text: r.description }}>
            <p className="blk-pill">{r.category}</p>
            <BlockActionLink
              className="blk-card-action"
              action={
                r.downloadUrl
                  ? { label: library.downloadLabel, href: r.downloadUrl, secondary: true }
                  : { label: library.requestLabel, site: "email", subject: `${library.requestSubject} ${r.title}`, secondary: true }
              }
            />
          </BlockCardItem>
        ))}
      </BlockCardList>
    </BlockSection>
  );
}

function WebinarsView({ section: webinars, collections, soft }: SectionProps<"webinars">) {
  const sessions = collections.webinars ?? [];
  // Past or upcoming was decided by the build (Webinar.past): a page never
  // invites visitors to register for a date that has gone.
  const upcoming = sessions.filter((w) => !w.past);
  const past = sessions.filter((w) => w.past).reverse();
  const card = (w: (typeof sessions)[number], action: { label: string; subject: string }) => {
    const [y, m, d] = w.date.split("-").map(Number);
    return (
      <li key={w.title} className="card blk-card">
        <p className="blk-tag">
          <time dateTime={`${w.date}T${w.time}`}>{`${webinars.months[m - 1]} ${d}, ${y} · ${w.time} ${w.timeZone}`}</time>
        </p>
        <h3>{w.title}</h3>
        <p>
          {webinars.speakerLabel}: {w.speaker}
        </p>
        <BlockActionLink className="blk-card-action" action={{ label: action.label, site: "email", subject: `${action.subject} ${w.title}` }} />
      </li>
    );
  };
  return (
    <BlockSection id="webinars" heading={webinars.heading} intro={webinars.intro} soft={soft}>
      {upcoming.length > 0 ? (
        <>
          <BlockCardList count={upcoming.length}>
            {upcoming.map((w) => card(w, { label: webinars.registerLabel, subject: webinars.registerSubject }))}
          </BlockCardList>
          <p className="blk-note">{webinars.registerNote}</p>
        </>
      ) : (
        <p className="blk-note">{webinars.noUpcoming}</p>
      )}
      {past.length > 0 && (
        <>
          <h3 className="blk-subheading">{webinars.pastHeading}</h3>
          <BlockCardList count={past.length}>
            {past.map((w) => card(w, { label: webinars.recordingLabel, subject: webinars.recordingSubject }))}
          </BlockCardList>
        </>
      )}
    </BlockSection>
  );
}

function PulseDashboardView({ section: d, soft }: SectionProps<"pulse-dashboard">) {
  return (
    <BlockSection heading={d.heading} intro={d.intro} soft={soft}>
      <figure className="pulse-dash">
        <figcaption>
          <span>{d.title}</span> <span className="pulse-badge">{d.badge}</span>
        </figcaption>
        <BlockStatList stats={d.metrics} dark />
        <div className="pulse-panels">
          <div>
            <p className="pulse-label">
              {d.sentimentLabel} <strong>{d.sentiment}%</strong>
            </p>
            <div className="pulse-bar" aria-hidden="true">
              <span style={{ width: `${d.sentiment}%` }} />
            </div>
          </div>
          <div>
            <p className="pulse-label">{d.themesTitle}</p>
            <ol className="pulse-themes">
              {d.themes.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ol>
          </div>
        </div>
        <p className="blk-note">{d.note}</p>
      </figure>
    </BlockSection>
  );
}

function NotFoundView({ section }: SectionProps<"not-found">) {
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
    </section>
  );
}
