// Base styles first, so that component CSS can build on them.
import "./styles/global.css";
import { CookieConsent } from "./components/cookie-consent";
import { PageHost } from "./components/page-host";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { ToastProvider } from "./components/ui/toast";
import type { PageData, SiteData } from "./lib/content-types";
import { SiteProvider } from "./lib/site-context";

export interface AppProps {
  site: SiteData;
  initial: PageData;
}

/** App is the whole site; the client and server entries wrap it in a router. */
export function App({ site, initial }: AppProps) {
  return (
    <SiteProvider value={site}>
      <ToastProvider>
        <SiteHeader />
        <main id="main">
          <PageHost initial={initial} />
        </main>
        <SiteFooter />
        <CookieConsent />
      </ToastProvider>
    </SiteProvider>
  );
}
