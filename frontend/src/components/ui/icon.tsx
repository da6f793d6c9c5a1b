import type { SVGProps } from "react";

/**
 * Icon draws one icon of a small inline-SVG set by name (24×24 grid, stroked
 * with currentColor): `<Icon name="mail" />`. Props: name (an IconName: tsc
 * refuses an unknown one, and the build checks content's icon fields
 * against the same names), size in px (default 20), plus any SVG attribute. Icons are
 * decorative (aria-hidden): give the control around them an accessible name.
 */
export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
  size?: number;
}

// Path data, several sub-paths joined by "M". Lucide-style outlines.
const paths = {
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  bank: "M3 21h18M4 10h16M12 3l9 5H3zM6 10v8M10 10v8M14 10v8M18 10v8",
  bot: "M12 8V4H8M4 8h16v12H4zM2 14h2M20 14h2M9 13v2M15 13v2",
  brain: "M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 1V5a2 2 0 0 0-3-1zM15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 1",
  building: "M4 21V3h10v18M14 9h6v12M2 21h20M8 7h2M8 11h2M8 15h2M17 13h0M17 17h0",
  calendar: "M3 5h18v16H3zM3 10h18M8 3v4M16 3v4",
  chart: "M3 3v18h18M7 15l4-4 3 3 5-6",
  check: "M20 6 9 17l-5-5",
  "check-circle": "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM8 12l3 3 5-6",
  "chevron-down": "M6 9l6 6 6-6",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 6v6l4 2",
  code: "M8 6l-6 6 6 6M16 6l6 6-6 6",
  cpu: "M6 6h12v12H6zM9 9h6v6H9zM9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4",
  database: "M4 5c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
  download: "M12 3v12M7 10l5 5 5-5M4 21h16",
  external: "M14 3h7v7M21 3l-9 9M19 14v7H3V5h7",
  file: "M14 2H6v20h12V6zM14 2v4h4M8 13h8M8 17h6",
  flask: "M9 2h6M10 2v7L4 20h16L14 9V2M7 15h10",
  globe: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c3 3 4 6.5 4 10s-1 7-4 10c-3-3-4-6.5-4-10s1-7 4-10z",
  handshake: "M2 11l4-4 4 2 3-2 4 1 5 4M2 11l5 5M22 11l-5 5-3 3-3-2-4-1M9 13l3 3M12 11l3 3",
  headset: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3zM20 20a3 3 0 0 1-3 3h-3",
  heart: "M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11z",
  "heart-pulse": "M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11zM4 12h4l2-3 3 6 2-3h5",
  home: "M3 11l9-8 9 8M5 9v12h14V9M10 21v-6h4v6",
  layers: "M12 2 2 7l10 5 10-5zM2 12l10 5 10-5M2 17l10 5 10-5",
  link: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
  linkedin: "M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v2c1-1.5 2.5-2 4-2 2.5 0 3 2 3 4v8h-4v-7c0-1-.5-2-1.5-2S14 13 14 14v7h-4z",
  lock: "M5 11h14v11H5zM8 11V7a4 4 0 0 1 8 0v4",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  "map-pin": "M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12zM12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  menu: "M4 6h16M4 12h16M4 18h16",
  message: "M21 12a8 8 0 0 1-12 7l-6 2 2-5.5A8 8 0 1 1 21 12z",
  mic: "M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v4",
  phone: "M22 17v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3l2 5-2.5 1.5a11 11 0 0 0 6 6L17 12l5 2z",
  pill: "M10.5 3.5a5 5 0 0 1 7 7l-7 7a5 5 0 0 1-7-7zM7 7l7 7",
  plug: "M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4",
  search: "M11 3a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM21 21l-4.3-4.3",
  server: "M3 3h18v7H3zM3 14h18v7H3zM7 6.5h0M7 17.5h0",
  shield: "M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4",
  "shopping-bag": "M5 7h14l1 14H4zM9 10V6a3 3 0 0 1 6 0v4",
  sliders: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
  smartphone: "M7 2h10v20H7zM11 18h2",
  sparkles: "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 17l.7 2.3L22 20l-2.3.7L19 23l-.7-2.3L16 20l2.3-.7z",
  star: "M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21.1l1.4-7L2 9.3l7-.8z",
  target: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 6a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  trending: "M22 7l-8.5 8.5-5-5L2 17M16 7h6v6",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.1a4 4 0 0 1 0 7.8M22 21v-1a6 6 0 0 0-4-5.6",
  video: "M2 6h14v12H2zM16 10l6-4v12l-6-4",
  x: "M18 6 6 18M6 6l12 12",
  // X's mark, not a cross: a close button's "x" beside the links read as one.
  // The broad stroke drawn as its outline, the narrow one broken where it
  // passes under it (Tabler's brand-x, MIT).
  "x-social": "M4 4l11.733 16h4.267l-11.733-16zM4 20l6.768-6.768M13.228 10.772 20 4",
  zap: "M13 2 3 14h9l-1 8 10-12h-9z",
} satisfies Record<string, string>;

/** IconName is a literal union of the names above: tsc refuses any other. */
export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
