import type { ArticleCard, ArticleIndexSection, ArticleSection, Author, LatestArticlesSection, TagLink } from "../lib/content-types";
import { Link } from "#link";
import { Memo } from "#memo";
import { useSiteLinkClicks } from "../hooks/use-site-link-clicks";
import { BlockSection } from "./block-sections";
import { LinkButton, NEW_TAB_NOTE } from "./ui/button";
import { Picture } from "./ui/picture";
import "./articles.css";
import "./article-code.css";

/**
 * The articles: the index (and its further pages and tag pages), the
 * newest few on another page, and an article's page. Everything they show
 * is computed by the build (generator/load/articles.go): dates in
 * words, reading times, related articles; the body is HTML rendered from
 * Markdown at build time, code already highlighted.
 */

/** ArticleIndexView is the list of articles with its topics and pages. */
export function ArticleIndexView({ section: s }: { section: ArticleIndexSection }) {
  const page = s.pageLabel.replace("{page}", String(s.page)).replace("{pages}", String(s.pages));
  return (
    <>
      <section className="hero blk-hero articles-hero">
        <div className="container">
          {s.eyebrow && <p className="eyebrow">{s.eyebrow}</p>}
          <h1>{s.heading}</h1>
          <p className="hero-subtitle">{s.intro}</p>
          {s.feedUrl && (
            <p className="articles-feed">
              <a href={s.feedUrl}>{s.feed}</a>
            </p>
          )}
        </div>
      </section>
      <section className="section articles-index">
        <div className="container">
          {s.tags.length > 0 && (
            <nav className="articles-topics" aria-label={s.tagsLabel}>
              <Link to={s.indexUrl} className="tag" aria-current={!s.tag && s.page === 1 ? "page" : undefined}>
                {s.allArticles}
              </Link>
              {s.tags.map((t) => (
                <Link key={t.tag} to={t.url} className="tag" aria-current={s.tag === t.tag ? "page" : undefined}>
                  {t.name}
                </Link>
              ))}
            </nav>
          )}
          <ArticleCards articles={s.articles} tagsLabel={s.tagsLabel} headingLevel={2} />
          {s.pages > 1 && (
            <nav className="articles-pages" aria-label={page}>
              {s.newerUrl ? (
                <Link to={s.newerUrl} rel="prev">
                  ← {s.newer}
                </Link>
              ) : (
                <span />
              )}
              <span>{page}</span>
              {s.olderUrl ? (
                <Link to={s.olderUrl} rel="next">
                  {s.older} →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}

/** LatestArticlesView shows the newest articles on another page. */
export function LatestArticlesView({ section: s, soft }: { section: LatestArticlesSection; soft: boolean }) {
  if (s.articles.length === 0) return null;
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      <ArticleCards articles={s.articles} headingLevel={3} />
      <p className="articles-all">
        <LinkButton href={s.all.href ?? "/"} variant="outline">
          {s.all.label}
        </LinkButton>
      </p>
    </BlockSection>
  );
}

function ArticleCards({ articles, tagsLabel, headingLevel }: { articles: ArticleCard[]; tagsLabel?: string; headingLevel: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  // A card is on the index, its topics' pages and other articles' related
  // lists: the build renders each once (lib/memo). a.memo is a digest of
  // the card's data, written by the build.
  return (
    <ul className="article-cards">
      {articles.map((a) => (
        <Memo
          tag="li"
          key={a.url}
          memoKey={`${headingLevel}${a.memo}${tagsLabel === undefined ? "" : ":" + tagsLabel}`}
          className="card article-card"
        >
          <Picture image={a.cover} place="article-card" alt="" />
          <div className="article-card__body">
            {a.badge && <p className={`article-card__badge article-card__badge--${a.status}`}>{a.badge}</p>}
            <p className="article-meta">
              {a.authorName} · <time dateTime={a.date}>{a.dateLabel}</time> · {a.readingTime}
            </p>
            <H>
              <Link to={a.url}>{a.title}</Link>
            </H>
            <p>{a.description}</p>
            <Tags tags={a.tags} label={tagsLabel} />
          </div>
        </Memo>
      ))}
    </ul>
  );
}

function Tags({ tags, label }: { tags: TagLink[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="article-tags" title={label}>
      {tags.map((t) => (
        <li key={t.tag}>
          <Link to={t.url} className="tag">
            {t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AuthorLine({ author }: { author: Author }) {
  const initials = author.name
    .split(/\s+/)
    .map((w) => w[0])
    .slice(0, 2)
    .join("");
  return (
    <span className="article-author">
      {author.photo ? (
        <Picture image={author.photo} place="avatar" alt="" className="article-author__photo" />
      ) : (
        <span className="article-author__photo" aria-hidden="true">
          {initials}
        </span>
      )}
      <span>
        {author.url ? (
          <a href={author.url} rel="author noopener noreferrer" target="_blank" aria-describedby={NEW_TAB_NOTE}>
            {author.name}
          </a>
        ) : (
          author.name
        )}
        <span className="article-author__role">{author.role}</span>
      </span>
    </span>
  );
}

/** ArticleView is an article's page, its contact section apart. */
export function ArticleView({ section: s }: { section: ArticleSection }) {
  const onClick = useSiteLinkClicks();
  return (
    <article className="article">
      {s.banner && (
        <p className={`article-banner article-banner--${s.status}`} role="status">
          {s.banner}
        </p>
      )}
      <header className="article-header">
        <div className="container article-header__inner">
          <p className="eyebrow">
            <Link to={s.indexUrl}>{s.labels.allArticles}</Link>
          </p>
          <h1>{s.title}</h1>
          <p className="article-lede">{s.description}</p>
          <p className="article-meta">
            <AuthorLine author={s.author} />
            <span>
              <time dateTime={s.date}>{s.dateLabel}</time> · {s.readingTime}
            </span>
          </p>
        </div>
      </header>
      <div className="container article-layout">
        {/* React hoists a preload for an eager <img> outside a <picture>, which would keep the
            build from rendering the layout once for all articles (generator/prerender/splice.go):
            <Picture> gives a lead cover a <picture> and any other a lazy <img>. */}
        <Picture image={s.cover} place="article-cover" className="article-cover" />
        {/* The build gives the contents from content.MinTOCEntries headings. */}
        {s.toc && s.toc.length > 0 && (
          <nav className="article-toc" aria-labelledby="article-toc-heading">
            <h2 id="article-toc-heading">{s.labels.contents}</h2>
            <ol>
              {s.toc.map((t) => (
                <li key={t.id}>
                  <a href={`#${t.id}`}>{t.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: s.html }} onClick={onClick} />
        <footer className="article-footer">
          <Tags tags={s.tags} label={s.labels.tagsLabel} />
        </footer>
      </div>
      {s.related.length > 0 && (
        <section className="section section--soft article-related" aria-labelledby="article-related-heading">
          <div className="container">
            <h2 id="article-related-heading">{s.labels.related}</h2>
            <ArticleCards articles={s.related} headingLevel={3} />
          </div>
        </section>
      )}
    </article>
  );
}
