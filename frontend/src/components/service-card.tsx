import type { Service } from "../lib/content-types";
import { Icon } from "./ui/icon";

/**
 * ServiceCard is one consulting service as a clickable card (the home
 * page's Business Lines and /services): the title is the button that opens
 * the detail dialog, stretched over the whole card. Props: the service,
 * the "more" label, the heading level of the title (h3 or h4, by where the
 * card stands), an optional id and extra class, and onOpen.
 */
export function ServiceCard({
  service,
  moreLabel,
  heading: Heading,
  id,
  className = "",
  onOpen,
}: {
  service: Service;
  moreLabel: string;
  heading: "h3" | "h4";
  id?: string;
  className?: string;
  onOpen: (s: Service) => void;
}) {
  return (
    <li id={id} className={`card card--click ${className}`.trim()}>
      <span className="icon-tile">
        <Icon name={service.icon} size={22} />
      </span>
      <Heading>
        <button type="button" className="stretch" aria-haspopup="dialog" onClick={() => onOpen(service)}>
          {service.title}
        </button>
      </Heading>
      <p>{service.description}</p>
      <span className="card__more" aria-hidden="true">
        {moreLabel} <Icon name="arrow-right" size={16} />
      </span>
    </li>
  );
}
