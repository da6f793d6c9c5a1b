import type { HTMLAttributes } from "react";

/**
 * SectionHeading is the eyebrow, <h2> and introduction that open a content
 * section. Props: eyebrow?, heading, intro?, id? (of the h2, for
 * aria-labelledby), align "center" (default) | "start".
 */
export interface SectionHeadingProps extends HTMLAttributes<HTMLDivElement> {
  eyebrow?: string;
  heading: string;
  intro?: string;
  headingId?: string;
  align?: "center" | "start";
}

export function SectionHeading({ eyebrow, heading, intro, headingId, align = "center", className, ...rest }: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading--${align}${className ? " " + className : ""}`} {...rest}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={headingId}>{heading}</h2>
      {intro && <p className="section-heading__intro">{intro}</p>}
    </div>
  );
}
