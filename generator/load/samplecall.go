package load

import (
	"fmt"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/media"
)

// How far a transcript may be from its recording: a cue may end a little
// after the recording's last sample (rounding of the export), and the
// recording may run on after the last cue (a goodbye's silence), but not
// for longer than the tolerance: then the transcript is of another cut.
const (
	cueOverrun     = 250 * time.Millisecond
	untranscribed  = 10 * time.Second
	fallbackSkewed = 500 * time.Millisecond
)

// sampleCalls fills each sample call's cues and its recordings' types
// from the files files() checked and collected, and checks them against
// each other: every cue within the recording, the recording no longer
// than its transcript by more than untranscribed, the fallback as long
// as the recording. A file that failed its own check was reported there.
func (l *loader) sampleCalls(s *content.Site) {
	data := map[string][]byte{}
	for _, d := range s.Downloads {
		data[d.Path] = d.Data
	}
	for _, page := range s.Pages {
		for _, sec := range page.Sections {
			call, ok := sec.Value.(*sections.SampleCallSection)
			if !ok {
				continue
			}
			vtt, ok := data[string(call.Transcript)]
			if !ok {
				continue
			}
			cues, problems := media.ParseVTT(vtt)
			if len(problems) > 0 {
				continue
			}
			transcript := l.fileOf(call.Transcript)
			call.Cues = make([]sections.Cue, len(cues))
			for i, c := range cues {
				call.Cues[i] = sections.Cue{Start: c.Start.Seconds(), End: c.End.Seconds(), Speaker: c.Speaker, Text: c.Text}
			}
			if call.Audio == "" {
				continue
			}
			audio, ok := data[string(call.Audio)]
			if !ok {
				continue
			}
			info, err := media.Probe(audio)
			if err != nil {
				continue // files() reported it
			}
			call.AudioType = info.MIME()
			for _, c := range cues {
				if c.End > info.Duration+cueOverrun {
					l.errs = append(l.errs, content.Error{File: transcript, Line: c.Line, Col: 1, Message: fmt.Sprintf("the cue ends at %s, after the recording %s ends (%s): the transcript is of another cut", media.Format(c.End), call.Audio, media.Format(info.Duration))})
					break
				}
			}
			if last := cues[len(cues)-1]; info.Duration-last.End > untranscribed {
				l.errs = append(l.errs, content.Error{File: transcript, Line: last.Line, Col: 1, Message: fmt.Sprintf("the last cue ends at %s, but the recording %s runs to %s: transcribe the whole call (or cut the recording)", media.Format(last.End), call.Audio, media.Format(info.Duration))})
			}
			if call.Fallback == "" {
				continue
			}
			if fb, ok := data[string(call.Fallback)]; ok {
				if fi, err := media.Probe(fb); err == nil {
					call.FallbackType = fi.MIME()
					if (fi.Duration - info.Duration).Abs() > fallbackSkewed {
						l.errs = append(l.errs, content.Error{File: l.fileOf(call.Fallback), Line: 1, Col: 1, Message: fmt.Sprintf("the fallback lasts %s and the recording %s %s: export both from the same cut", media.Format(fi.Duration), call.Audio, media.Format(info.Duration))})
					}
				}
			}
		}
	}
}

// fileOf is the content file at a site path under /images/.
func (l *loader) fileOf(p field.Link) string { return string(p)[1:] }
