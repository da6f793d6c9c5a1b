import { useSite } from "../lib/site-context";

/**
 * SkipLink is the first stop of every page for the keyboard: hidden until
 * focused, it goes past the banner and the header to the page's main
 * content (main#main, which takes focus: tabindex -1).
 */
export function SkipLink() {
  const { layout } = useSite();
  return (
    <a className="skip-link" href="#main">
      {layout.ui.skipToContent}
    </a>
  );
}
