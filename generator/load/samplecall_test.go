package load

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/audiotest"
)

// callTranscript is a transcript of a call of about 8 s.
const callTranscript = "WEBVTT\n\n00:00.000 --> 00:03.000\n<v Agent>Hello, this is the clinic.\n\n00:03.200 --> 00:07.800\n<v Caller>I would like to move my appointment.\n"

// callSite is the fixture site with a sample call on /about: a recording
// of d, its MP3 fallback, and tr as its transcript.
func callSite(t *testing.T, d time.Duration, tr string) fstest.MapFS {
	fsys := edit(fixtureSite(t), "pages/about.yaml", func(s string) string {
		return s + "  - kind: sample-call\n    heading: Hear a call\n    label: A recording made with the caller's consent.\n" +
			"    transcript: /images/calls/reschedule.vtt\n    audio: /images/calls/reschedule.ogg\n    fallback: /images/calls/reschedule.mp3\n"
	})
	fsys["images/calls/reschedule.vtt"] = &fstest.MapFile{Data: []byte(tr)}
	fsys["images/calls/reschedule.ogg"] = &fstest.MapFile{Data: audiotest.OggOpus(d)}
	fsys["images/calls/reschedule.mp3"] = &fstest.MapFile{Data: audiotest.MP3(d)}
	return fsys
}

// TestSampleCall: a sample call's files are read into its section (the
// cues, the sources' types), and every way they can disagree is a problem
// at the file and line an editor must fix.
func TestSampleCall(t *testing.T) {
	s, err := Site(callSite(t, 8*time.Second, callTranscript))
	if err != nil {
		t.Fatal(err)
	}
	var call *sections.SampleCallSection
	for _, sec := range s.Pages["/about"].Sections {
		if c, ok := sec.Value.(*sections.SampleCallSection); ok {
			call = c
		}
	}
	want := []sections.Cue{{Start: 0, End: 3, Speaker: "Agent", Text: "Hello, this is the clinic."}, {Start: 3.2, End: 7.8, Speaker: "Caller", Text: "I would like to move my appointment."}}
	if call == nil || fmt.Sprint(call.Cues) != fmt.Sprint(want) || call.AudioType != "audio/ogg; codecs=opus" || call.FallbackType != "audio/mpeg" {
		t.Fatalf("sample call = %+v, want cues %+v and both types", call, want)
	}
	published := map[string]bool{}
	for _, d := range s.Downloads {
		published[d.Path] = true
	}
	for _, p := range []string{"/images/calls/reschedule.vtt", "/images/calls/reschedule.ogg", "/images/calls/reschedule.mp3"} {
		if !published[p] {
			t.Errorf("%s is not published", p)
		}
	}

	const page, vtt, ogg, mp3 = "pages/about.yaml", "images/calls/reschedule.vtt", "images/calls/reschedule.ogg", "images/calls/reschedule.mp3"
	cases := []struct {
		name   string
		fsys   func() fstest.MapFS
		file   string
		needle string // on the problem's line; "" for line 1
		want   string
	}{
		{"a cue after the recording ends", func() fstest.MapFS {
			return callSite(t, 6*time.Second, callTranscript)
		}, vtt, "00:03.200", "the cue ends at 00:07.800, after the recording /images/calls/reschedule.ogg ends (00:06.000)"},
		{"a recording longer than its transcript", func() fstest.MapFS {
			return callSite(t, 30*time.Second, callTranscript)
		}, vtt, "00:03.200", "the last cue ends at 00:07.800, but the recording /images/calls/reschedule.ogg runs to 00:30.000"},
		{"cues out of order", func() fstest.MapFS {
			return callSite(t, 8*time.Second, callTranscript+"\n00:01.000 --> 00:02.000\n<v Agent>Of course.\n")
		}, vtt, "00:01.000 -->", "before the one above it"},
		{"a cue without a speaker", func() fstest.MapFS {
			return callSite(t, 8*time.Second, strings.Replace(callTranscript, "<v Caller>", "", 1))
		}, vtt, "I would like", "a cue with no speaker"},
		{"an MP3 named .ogg", func() fstest.MapFS {
			f := callSite(t, 8*time.Second, callTranscript)
			f[ogg] = &fstest.MapFile{Data: audiotest.MP3(8 * time.Second)}
			return f
		}, ogg, "", "the file is MP3 (mp3) inside, whatever its name says"},
		{"a page named .ogg", func() fstest.MapFS {
			f := callSite(t, 8*time.Second, callTranscript)
			f[ogg] = &fstest.MapFile{Data: []byte("<!doctype html><script>alert(1)</script>")}
			return f
		}, ogg, "", "not an audio file this site publishes"},
		{"a recording over its budget", func() fstest.MapFS {
			f := callSite(t, 8*time.Second, callTranscript)
			f[ogg] = &fstest.MapFile{Data: append(audiotest.OggOpus(8*time.Second), make([]byte, content.MaxAudioBytes)...)}
			return f
		}, ogg, "", "over the limit of 3 MB"},
		{"a fallback of another cut", func() fstest.MapFS {
			f := callSite(t, 8*time.Second, callTranscript)
			f[mp3] = &fstest.MapFile{Data: audiotest.MP3(12 * time.Second)}
			return f
		}, mp3, "", "the fallback lasts 00:11.990 and the recording /images/calls/reschedule.ogg 00:08.000"},
		{"a recording that is not Opus", func() fstest.MapFS {
			return edit(callSite(t, 8*time.Second, callTranscript), page, replace("audio: /images/calls/reschedule.ogg", "audio: /images/calls/reschedule.mp3"))
		}, page, "audio: /images/calls/reschedule.mp3", "the recording is Opus in Ogg or WebM"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := c.fsys()
			_, err := Site(fsys)
			line := 1
			if c.needle != "" {
				line = lineOf(fsys, c.file, c.needle)
			}
			at := fmt.Sprintf("%s:%d:", c.file, line)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v\nwant %q at %s", err, c.want, at)
			}
		})
	}
}
