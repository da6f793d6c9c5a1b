package content

// MaxDownloadBytes is the largest download.
const MaxDownloadBytes = 20 << 20

// MaxTotalPixels bounds the pixels of all the photos content shows
// together (images.MaxPixels bounds each): decoding is the build's
// largest cost, and 400 megapixels is eight 50-megapixel originals.
const MaxTotalPixels = 400_000_000

// Download is a file of content/ published as committed, having passed
// its kind's check.
type Download struct {
	// Path is its site path ("/images/report.pdf"), File its name in
	// content/, Kind its kind ("pdf", or "svg" for an SVG linked to,
	// which is published re-written).
	Path, File, Kind string
	// Data are the bytes that passed the check (none for an SVG).
	Data []byte
}
