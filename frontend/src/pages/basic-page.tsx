import type { BasicCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function BasicPage({ data }: PageProps) {
  const copy = data.copy as BasicCopy;
  return (
    <section className="container page-intro">
      <h1>{copy.heading}</h1>
      <p>{copy.intro}</p>
    </section>
  );
}
