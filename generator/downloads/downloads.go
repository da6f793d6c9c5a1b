// Package downloads is the list of files content may offer for download
// as committed (a PDF, a sample call's recording and its transcript), by
// extension, and the check each must pass before it is published: its
// size, and that it is what its name says (generator/load calls them, and
// its files.go says which files of content/ the site publishes at all).
package downloads

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/media"
)

// Problem is a mistake a kind's check found, at a line of the file.
type Problem struct {
	Line int
	Msg  string
}

// one is a kind's single problem at the file's first line, or none.
func one(msg string) []Problem {
	if msg == "" {
		return nil
	}
	return []Problem{{1, msg}}
}

// Kinds are the kinds of downloads, by extension: Name is the kind, and
// Check says what is wrong with a file, at its line.
var Kinds = map[string]struct {
	Name  string
	Check func([]byte) []Problem
}{
	".pdf": {"pdf", func(b []byte) []Problem {
		switch {
		case len(b) > content.MaxDownloadBytes:
			return one(fmt.Sprintf("the PDF is %.1f MB, over the limit of %d MB: export it smaller", float64(len(b))/(1<<20), content.MaxDownloadBytes>>20))
		case !bytes.HasPrefix(b, []byte("%PDF-")):
			return one("the file is not a PDF (it does not start with %PDF-), whatever its name says")
		case !bytes.Contains(b[max(0, len(b)-1024):], []byte("%%EOF")):
			return one("the PDF is cut short (it does not end with %%EOF): export it again")
		}
		return nil
	}},
	// A sample call's files (generator/load checks them against each other).
	".ogg": {"audio", checkAudio("ogg")}, ".opus": {"audio", checkAudio("ogg")}, ".webm": {"audio", checkAudio("webm")},
	".m4a": {"audio", checkAudio("mp4")}, ".mp4": {"audio", checkAudio("mp4")}, ".mp3": {"audio", checkAudio("mp3")},
	".vtt": {"vtt", func(b []byte) []Problem {
		if len(b) > content.MaxTranscriptBytes {
			return one(fmt.Sprintf("the transcript is %d KB, over the limit of %d KB", len(b)>>10, content.MaxTranscriptBytes>>10))
		}
		_, problems := media.ParseVTT(b)
		out := make([]Problem, len(problems))
		for i, p := range problems {
			out[i] = Problem{p.Line, p.Msg}
		}
		return out
	}},
}

// checkAudio checks a recording: its size, and that its header is the
// container its name says, holding a codec the site publishes.
func checkAudio(container string) func([]byte) []Problem {
	return func(b []byte) []Problem {
		if len(b) > content.MaxAudioBytes {
			return one(fmt.Sprintf("the recording is %.1f MB, over the limit of %d MB: export it at a lower bitrate (speech needs 24-32 kbit/s in Opus, 64 kbit/s in AAC or MP3)", float64(len(b))/(1<<20), content.MaxAudioBytes>>20))
		}
		info, err := media.Probe(b)
		switch {
		case err != nil:
			return one(err.Error())
		case info.Container != container:
			return one(fmt.Sprintf("the file is %s (%s) inside, whatever its name says: name it for what it is", strings.ToUpper(info.Container), info.Codec))
		case info.Duration > content.MaxCallDuration:
			return one(fmt.Sprintf("the recording lasts %s, over the limit of %s: a sample call is a short excerpt", info.Duration.Round(time.Second), content.MaxCallDuration))
		}
		return nil
	}
}
