import { Link } from "#link";
import type { Service } from "../lib/content-types";
import { Icon } from "./ui/icon";

/**
 * ServiceCard is one consulting service as a card (the home page's
 * Business Lines and /services): the title is a link to the service's own
 * page, stretched over the whole card, so that it works without
 * JavaScript. Props: the service, the "more" label, the heading level of
 * the title (h3 or h4, by where the card stands), an optional id and
 * extra class.
 */
export function ServiceCard({
  service,
  moreLabel,
  heading: Heading,
  id,
  className = "",
}: {
  service: Service;
  moreLabel: string;
  heading: "h3" | "h4";
  id?: string;
  className?: string;
}) {
  return (
    <li id={id} className={`card card--click ${className}`.trim()}>
      <span className="icon-tile">
        <Icon name={service.icon} size={22} />
      </span>
      <Heading>
        <Link to={service.url} className="stretch">
          {service.title}
        </Link>
      </Heading>
      <p>{service.description}</p>
      <span className="card__more" aria-hidden="true">
        {moreLabel} <Icon name="arrow-right" size={16} />
      </span>
    </li>
  );
}
