// Package imagefiles is the build stage that turns each photo an editor
// commits into the files a visitor downloads: small, sharp, in a modern
// format, with nothing of the camera left in them.
//
// For every JPEG, PNG or WebP original that content references:
//
//   - Inspect reads only its header and refuses it, with a message for
//     the editor, when it is over MaxBytes or MaxSide pixels on a side
//     (before any pixel is decoded), when its bytes are not the format its
//     extension names, or when it cannot be read; an SVG is refused when
//     it holds a script, an event-handler attribute (onload=…) or a
//     reference to anything outside itself, and otherwise passes through
//     unchanged, as do GIFs;
//   - Process decodes it, turns it upright by its EXIF orientation, drops
//     all metadata (the encoders are given pixels only, so no EXIF, GPS
//     position, camera serial, ICC or XMP block can reach the output),
//     resizes it to each width of Settings.Widths below its own width (and
//     to its own width when that is below the top of the ladder), and
//     encodes every width as AVIF, WebP and a fallback: JPEG, or PNG when
//     the original has an alpha channel;
//   - each file is named assets/img/<name>-<key>-<width>.<ext>, where key
//     is the SHA-256 of the original's bytes and the Settings, so a name
//     changes whenever its bytes could, and the site's long cache headers
//     for /assets/ apply;
//   - the placeholder colour is the dominant colour of the smallest
//     rendition: the most common cell of a 4-bit-per-channel histogram,
//     averaged.
//
// Plan computes the names and sizes of a Result from the header alone,
// without encoding: `make dev` shows the page at once with them and
// swaps in the files (and the colour) when they are ready.
//
// Encoders: AVIF with libavif and WebP with libwebp, both compiled to
// WebAssembly and run by wazero (github.com/gen2brain/avif and
// github.com/gen2brain/webp; no cgo: when a recent enough system libavif
// or libwebp is found they are used instead, through purego), JPEG and
// PNG with the standard library, resampling with golang.org/x/image/draw
// (Catmull-Rom). The README gives the benchmark behind the settings.
//
// Cache: a Processor keeps every Result it made in memory, keyed as the
// names are; with a directory it keeps them on disk too, in dir/img, one
// folder per key, for the next process. An entry can only save work: a
// missing or unreadable one is encoded again, and a key names exactly one
// output of deterministic encoders. Encodes run on every core; originals
// are decoded a few at a time so that memory stays bounded.
package imagefiles
