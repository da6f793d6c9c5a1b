import { Link } from "react-router-dom";
import { useSite } from "../lib/site-context";

export function SiteFooter() {
  const { layout, year } = useSite();
  return (
    <footer className="site-footer">
      <div className="container">
        <ul>
          {layout.footer.legalLinks.map((l) => (
            <li key={l.href}>
              <Link to={l.href}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p>{layout.footer.copyright.replace("{year}", String(year))}</p>
      </div>
    </footer>
  );
}
