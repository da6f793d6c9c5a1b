import type { CSSProperties, ImgHTMLAttributes } from "react";
import { imageSizes, type Image, type ImagePlace } from "../../lib/content-types";

/**
 * Picture renders a content image: for a photo the build processed, a
 * `<picture>` with AVIF and WebP `<source srcset sizes>` and an `<img>`
 * fallback (JPEG or PNG) that carries its width, height (so the page
 * never moves when it loads), alt and decoding; for an SVG, the `<img>`
 * alone. `place` says where the image sits (a full-width cover, a card,
 * an avatar, a logo): its `sizes`, declared once in Go (content.ImageSizes),
 * let the browser pick the smallest file that is sharp on its screen.
 * The page's lead image (`image.priority`, set by the build and preloaded
 * by the head) loads eagerly at high priority; every other lazily. The
 * placeholder colour fills the box until the file arrives, and an article
 * cover's focus is where a frame of another shape keeps it. generator/pictures'
 * pictureHTML writes the same markup for the images of Markdown texts, and
 * its TestPictureParity renders images through both and fails on any
 * difference a browser would see (two renderers, not one: docs/decisions.md).
 */
export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height"> {
  image: Image;
  place: ImagePlace;
}

export function Picture({ image, place, alt, style, ...rest }: PictureProps) {
  const sizes = image.srcset ? imageSizes[place] : undefined;
  // An article cover's focus: where its frame (a fixed shape, object-fit:
  // cover) keeps it, when the build did not crop it (a drawing).
  const fill: CSSProperties | undefined =
    image.color || image.focus
      ? { ...(image.color && { backgroundColor: image.color }), ...(image.focus && { objectPosition: image.focus }), ...style }
      : style;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={image.priority ? "eager" : "lazy"}
      fetchPriority={image.priority ? "high" : undefined}
      decoding="async"
      style={fill}
      {...rest}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
