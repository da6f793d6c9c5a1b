import { Link } from "react-router-dom";
import { useSite } from "../lib/site-context";

export function SiteHeader() {
  const { config, layout } = useSite();
  return (
    <header className="site-header">
      <nav className="container" aria-label="Main">
        <Link to="/" className="brand">
          {config.brand}
        </Link>
        <Link to={layout.nav.home.href}>{layout.nav.home.label}</Link>
        <Link to="/platform">Platform</Link>
      </nav>
    </header>
  );
}
