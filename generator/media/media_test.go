package media

import (
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/internal/testkit/audiotest"
)

// TestProbe: each format an editor exports reads as its container, codec
// and duration; anything else, or a file cut short, is refused with what
// was expected.
func TestProbe(t *testing.T) {
	const d = 7500 * time.Millisecond
	ogg := audiotest.OggOpus(d)
	cases := []struct {
		name            string
		data            []byte
		container, mime string
		tolerance       time.Duration
	}{
		{"ogg opus", ogg, "ogg", "audio/ogg; codecs=opus", 0},
		{"webm opus", audiotest.WebMOpus(d), "webm", "audio/webm; codecs=opus", 0},
		{"mp3", audiotest.MP3(d), "mp3", "audio/mpeg", 30 * time.Millisecond}, // whole frames
		{"m4a", audiotest.M4A(d), "mp4", "audio/mp4; codecs=mp4a.40.2", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			info, err := Probe(c.data)
			if err != nil {
				t.Fatal(err)
			}
			if info.Container != c.container || info.MIME() != c.mime || (info.Duration-d).Abs() > c.tolerance {
				t.Errorf("got %+v (%s), want %s, %s, %v", info, info.MIME(), c.container, c.mime, d)
			}
		})
	}
	bad := []struct {
		name string
		data []byte
		want string
	}{
		{"a page", []byte("<!doctype html><script>"), "none of Ogg, WebM, MP4 or MP3"},
		{"ogg cut short", ogg[:len(ogg)-10], "cut short"},
		{"ogg not opus", []byte(strings.Replace(string(ogg), "OpusHead", "\x01vorbis\x00", 1)), "not OpusHead"},
		{"webm video", []byte(strings.Replace(string(audiotest.WebMOpus(d)), "A_OPUS", "V_VP9\x00", 1)), "one Opus track"},
		{"matroska", []byte(strings.Replace(string(audiotest.WebMOpus(d)), "webm", "mkvx", 1)), `DocType "mkvx"`},
		{"mp4 video", []byte(strings.Replace(string(audiotest.M4A(d)), "mp4a", "avc1", 1)), "one AAC track"},
		{"mp3 cut short", audiotest.MP3(d)[:1000], "cut short"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Probe(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}

// TestParseVTT: a transcript's cues with their speakers, and each mistake
// at its line.
func TestParseVTT(t *testing.T) {
	cues, problems := ParseVTT([]byte("WEBVTT\n\nNOTE written for the page\n\n1\n00:00.000 --> 00:02.500\n<v Agent>Hello, this is <b>Vozia</b> &amp; co.\n\n00:02.600 --> 00:05.000 align:start\n<v.patient Maria López>Yes,\nspeaking.\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	want := []Cue{{0, 2500 * time.Millisecond, "Agent", "Hello, this is Vozia & co.", 6}, {2600 * time.Millisecond, 5 * time.Second, "Maria López", "Yes, speaking.", 9}}
	if len(cues) != 2 || cues[0] != want[0] || cues[1] != want[1] {
		t.Errorf("cues = %+v\nwant %+v", cues, want)
	}
	bad := []struct {
		name, vtt string
		line      int
		want      string
	}{
		{"no header", "WEBVT\n", 1, "first line must be WEBVTT"},
		{"no speaker", "WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n", 4, "no speaker"},
		{"out of order", "WEBVTT\n\n00:03.000 --> 00:04.000\n<v A>one\n\n00:01.000 --> 00:02.000\n<v B>two\n", 6, "before the one above it (line 3"},
		{"ends before it starts", "WEBVTT\n\n00:03.000 --> 00:02.000\n<v A>one\n", 3, "ends (00:02.000) before it starts"},
		{"bad timings", "WEBVTT\n\n00:03 --> 00:04\n<v A>one\n", 3, "is not a cue's timings"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			_, problems := ParseVTT([]byte(c.vtt))
			if len(problems) != 1 || problems[0].Line != c.line || !strings.Contains(problems[0].Msg, c.want) {
				t.Errorf("problems = %+v, want one at line %d: %q", problems, c.line, c.want)
			}
		})
	}
}

// FuzzProbe: no file makes a reader panic or loop.
func FuzzProbe(f *testing.F) {
	for _, seed := range [][]byte{audiotest.OggOpus(time.Second), audiotest.WebMOpus(time.Second), audiotest.MP3(time.Second)[:2000], audiotest.M4A(time.Second)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Probe(data)
		ParseVTT(data)
	})
}
