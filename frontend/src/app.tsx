// Base styles first, so that component CSS can build on them.
import "./styles/global.css";
import { CookieConsent } from "./components/cookie-consent";
import { PageHost } from "./components/page-host";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { NewTabNote } from "./components/new-tab-note";
import { SkipLink } from "./components/skip-link";
import { ToastProvider } from "./components/ui/toast";
import type { PageBody, SiteData } from "./lib/content-types";
import { Piece, ShellHydrated } from "./lib/hydration";
import { LayoutPart, PagePart } from "./lib/render-part";
import { SiteProvider } from "./lib/site-context";

export interface AppProps {
  site: SiteData;
  initial: PageBody;
}

/**
 * App is the whole site; the client and server entries wrap it in a
 * router. The build may render the layout and the page apart (see
 * lib/render-part): keep every part of the layout in a LayoutPart and the
 * page in the PagePart. The page hydrates in pieces (lib/hydration): each
 * part of the layout is a Piece, and so is each section of a kind that is
 * interactive; the other sections keep their server HTML.
 */
export function App({ site, initial }: AppProps) {
  return (
    <SiteProvider value={site}>
      <ToastProvider>
        {/* The keyboard meets the skip link, then the cookie banner (while
            it asks: it covers the page's foot), then the header. */}
        <LayoutPart>
          <Piece>
            <SkipLink />
            <NewTabNote />
          </Piece>
        </LayoutPart>
        <LayoutPart>
          <Piece>
            <CookieConsent />
          </Piece>
        </LayoutPart>
        <LayoutPart>
          <Piece>
            <SiteHeader />
          </Piece>
        </LayoutPart>
        <main id="main" tabIndex={-1}>
          <PagePart>
            <PageHost initial={initial} />
          </PagePart>
        </main>
        <LayoutPart>
          <Piece>
            <SiteFooter />
          </Piece>
        </LayoutPart>
        <ShellHydrated />
      </ToastProvider>
    </SiteProvider>
  );
}
