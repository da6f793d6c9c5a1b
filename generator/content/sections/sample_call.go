package sections

import (
	"path"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[SampleCallSection](content.Kind{
		Name: "sample-call",
		Lazy: true,
		Doc:  "A sample call: its transcript (WebVTT, with speakers) as text, and, when a recording is given, a player whose current line is highlighted.",
	})
}

// SampleCallSection is a call an agent made, to read and, with a
// recording, to hear. The build checks the files (generator/load,
// samplecall.go): the recording's container and codec from its header,
// its duration against the transcript's last cue, the cues in order and
// within it, and each file's size budget.
type SampleCallSection struct {
	// ID is the section's anchor (optional).
	ID string `json:"id,omitempty"`
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro,omitempty"`
	// Label says what the call is, shown above the transcript: an
	// illustrative script written for the page, or a recording made with
	// the caller's consent.
	Label string `json:"label"`
	// Transcript is the call's WebVTT file under /images/ (cues with
	// speakers: <v Agent>Hello</v>), shown as text and as the player's
	// captions.
	Transcript field.Link `json:"transcript"`
	// Audio is the recording: Opus in Ogg (.ogg, .opus) or WebM (.webm).
	// Without it the page shows the transcript alone.
	Audio field.Link `json:"audio,omitempty"`
	// Fallback is the same recording for browsers without Opus: AAC in MP4
	// (.m4a, .mp4) or MP3 (.mp3).
	Fallback field.Link `json:"fallback,omitempty"`

	// Cues are the transcript's lines, read by the build.
	Cues []Cue `json:"cues" yaml:"-"`
	// AudioType and FallbackType are the files' MIME types with their
	// codecs, read from their headers by the build.
	AudioType    string `json:"audioType,omitempty" yaml:"-"`
	FallbackType string `json:"fallbackType,omitempty" yaml:"-"`
}

// Cue is one line of a transcript; times in seconds.
type Cue struct {
	Start   float64 `json:"start"`
	End     float64 `json:"end"`
	Speaker string  `json:"speaker"`
	Text    string  `json:"text"`
}

// Extensions of each file of a sample call.
var (
	AudioExts     = []string{".ogg", ".opus", ".webm"}
	FallbackExts  = []string{".m4a", ".mp4", ".mp3"}
	TranscriptExt = ".vtt"
)

func (s SampleCallSection) Validate() error {
	ext := func(l field.Link) string { return strings.ToLower(path.Ext(string(l))) }
	inImages := func(l field.Link) bool { return strings.HasPrefix(string(l), "/images/") }
	switch {
	case !inImages(s.Transcript) || ext(s.Transcript) != TranscriptExt:
		return field.AtField("transcript", "the transcript is a WebVTT file (.vtt) under /images/")
	case s.Audio != "" && (!inImages(s.Audio) || !has(AudioExts, ext(s.Audio))):
		return field.AtField("audio", "the recording is Opus in Ogg or WebM (%s) under /images/", strings.Join(AudioExts, ", "))
	case s.Fallback != "" && (!inImages(s.Fallback) || !has(FallbackExts, ext(s.Fallback))):
		return field.AtField("fallback", "the fallback is AAC in MP4 or MP3 (%s) under /images/", strings.Join(FallbackExts, ", "))
	case s.Fallback != "" && s.Audio == "":
		return field.AtField("fallback", "a fallback without its recording: give audio (Opus) too")
	}
	return nil
}

func has(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
