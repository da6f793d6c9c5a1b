import type { ReactNode } from "react";
import type {
  BlockAction,
  BlockCard,
  BlockStat,
  CardsSection,
  CTASection,
  HeroSection,
  StatsSection,
} from "../lib/content-types";
import { SectionHeading } from "./section-heading";
import { LinkButton } from "./ui/button";
import { Icon } from "./ui/icon";
import "./block-sections.css";
import { Memo } from "#memo";

/**
 * The shared section vocabulary (hero, cards, stats, call to action) and
 * the pieces the other sections build on, drawn with the section and card
 * classes of styles/global.css so that every page looks like the home page.
 */

export interface BlockActionLinkProps {
  action: BlockAction;
  /** For the black hero and call-to-action blocks. */
  dark?: boolean;
  className?: string;
  onClick?: () => void;
}

/**
 * BlockActionLink draws a BlockAction as a button-styled link; nothing for
 * an action with no label or address (a record the editor's preview has
 * before its first save), never an empty control.
 */
export function BlockActionLink({ action, dark, className, onClick }: BlockActionLinkProps) {
  if (!action?.label || !action.href) return null;
  return (
    <LinkButton
      href={action.href}
      variant={action.secondary ? (dark ? "ghost-light" : "outline") : "primary"}
      size={dark ? "lg" : "md"}
      className={className}
      onClick={onClick}
    >
      {action.label}
    </LinkButton>
  );
}

function BlockActions({ actions }: { actions?: BlockAction[] }) {
  if (!actions?.length) return null;
  return (
    <div className="hero__ctas">
      {actions.map((a) => (
        <BlockActionLink key={a.label} action={a} dark />
      ))}
    </div>
  );
}

/** BlockHeroSection is the black opening of a page with its one h1. */
export function BlockHeroSection({ hero }: { hero: HeroSection }) {
  return (
    <section className="hero blk-hero">
      <div className="container">
        <p className="eyebrow">{hero.eyebrow}</p>
        <h1>{hero.heading}</h1>
        <p className="hero-subtitle">{hero.intro}</p>
        <BlockActions actions={hero.actions} />
        {hero.highlights?.length ? <BlockStatList stats={hero.highlights} dark /> : null}
      </div>
    </section>
  );
}

export interface BlockSectionProps {
  id?: string;
  heading: string;
  intro?: string;
  soft?: boolean;
  children: ReactNode;
}

/** BlockSection is a light content section opened by an h2. */
export function BlockSection({ id, heading, intro, soft, children }: BlockSectionProps) {
  return (
    <section id={id} className={`section reveal${soft ? " section--soft" : ""}`}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        {children}
      </div>
    </section>
  );
}

/**
 * cardsClass lays out count cards two or three to a row (global.css). It
 * names the count (cards--of-N), so that the last of an odd count can take
 * a row of two columns to itself by its place (:nth-child(N)), which a
 * browser knows as soon as the card arrives: with :last-child, the first
 * card of a page painted half-parsed took the whole row, then half.
 */
export function cardsClass(count: number) {
  return `cards cards--${count % 3 === 0 ? 3 : 2} cards--of-${count}`;
}

/** BlockCardList lays out cards two or three to a row. */
export function BlockCardList({ count, children }: { count: number; children: ReactNode }) {
  return <ul className={cardsClass(count)}>{children}</ul>;
}

export function BlockPoints({ points }: { points?: string[] }) {
  if (!points?.length) return null;
  return (
    <ul className="checks">
      {points.map((p) => (
        <li key={p}>
          <Icon name="check" size={18} />
          {p}
        </li>
      ))}
    </ul>
  );
}

/** BlockCardItem is one card: icon, optional tag, h3, text, points, figure and action. */
export function BlockCardItem({ card, children }: { card: BlockCard; children?: ReactNode }) {
  return (
    <li className="card blk-card">
      <span className="icon-tile">
        <Icon name={card.icon} size={22} />
      </span>
      {card.tag && <p className="blk-tag">{card.tag}</p>}
      <h3>{card.title}</h3>
      <p>{card.text}</p>
      <BlockPoints points={card.points} />
      {card.stat && (
        <p className="blk-stat">
          <strong>{card.stat.value}</strong> {card.stat.label}
        </p>
      )}
      {card.action && <BlockActionLink action={card.action} className="blk-card-action" />}
      {children}
    </li>
  );
}

export function BlockCardsSection({ section, soft }: { section: CardsSection; soft?: boolean }) {
  return (
    <BlockSection id={section.id} heading={section.heading} intro={section.intro} soft={soft}>
      <BlockCardList count={section.cards.length}>
        {section.cards.map((c) => (
          <BlockCardItem key={c.title} card={c} />
        ))}
      </BlockCardList>
    </BlockSection>
  );
}

/**
 * BlockStatList is a row of figures: each value large, what it measures
 * below it ("30+", then "languages and accents"). The markup is in that
 * order too, the value first, as it is read: a browser paints a page before
 * it has parsed it all, and a label already shown moved down when the value
 * placed above it arrived (as a definition list's dd after its dt).
 */
export function BlockStatList({ stats, dark }: { stats: BlockStat[]; dark?: boolean }) {
  return (
    // The count sets the row's columns (block-sections.css); more than
    // eight are laid out as eight are (8, 4, 2 or 1 to a row), which can
    // leave the last figure alone.
    <ul className={`blk-stats blk-stats--${Math.min(stats.length, 8)}${dark ? " blk-stats--dark" : ""}`}>
      {stats.map((s) => (
        <li key={s.label}>
          <strong>{s.value}</strong> <span>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function BlockStatsSection({ section, soft }: { section: StatsSection; soft?: boolean }) {
  return (
    <BlockSection heading={section.heading} intro={section.intro} soft={soft}>
      <BlockStatList stats={section.results ?? section.stats ?? []} />
      {section.note && <p className="blk-note">{section.note}</p>}
    </BlockSection>
  );
}

/** BlockCTASection is the black closing call to action of a page. */
export function BlockCTASection({ cta }: { cta: CTASection }) {
  // One call to action closes many pages (every article's): the build
  // renders it once (lib/memo), keyed by all it shows.
  return (
    <Memo tag="section" memoKey={"cta" + JSON.stringify(cta)} className="blk-cta">
      <div className="container">
        <h2>{cta.heading}</h2>
        <p>{cta.text}</p>
        <BlockActions actions={cta.actions} />
      </div>
    </Memo>
  );
}
