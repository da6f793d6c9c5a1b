package content

import "time"

// MaxDownloadBytes is the largest download.
const MaxDownloadBytes = 20 << 20

// Budgets of a sample call's files: a recording (three minutes of speech
// is about 0.7 MB in Opus at 32 kbit/s and 1.4 MB in AAC at 64 kbit/s),
// its length, and its transcript.
const (
	MaxAudioBytes      = 3 << 20
	MaxCallDuration    = 10 * time.Minute
	MaxTranscriptBytes = 128 << 10
)

// MaxTotalPixels bounds the pixels of all the photos content shows
// together (imagefiles.MaxPixels bounds each): decoding is the build's
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
