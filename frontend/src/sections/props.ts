import type { Collections, SectionKind, SectionOf } from "../lib/content-types";

/**
 * The props of a section kind's component (<PascalKind>View in
 * sections/<kind>.tsx): the section, whose type is its kind's, generated
 * from the Go struct of generator/content/sections/<kind>.go.
 */
export interface SectionProps<K extends SectionKind> {
  section: SectionOf<K>;
  /** The page's collection records (only those its sections read). */
  collections: Collections;
  /** The light sections of a page alternate white and soft grey. */
  soft: boolean;
}
