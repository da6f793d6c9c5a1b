package e2e

// Sample calls as a visitor meets them: the transcript is text without
// JavaScript, the player is the browser's own with the transcript as its
// captions, and nothing is fetched before play; with JavaScript, the line
// being spoken is highlighted and a click (or Enter) on a line plays from
// there. The player's script is loaded by the pages with a recording
// only, and stays within its byte budget.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/audiotest"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// playerBudget is the most the player's script may weigh, gzipped.
const playerBudget = 1024

const callPage = `title: A sample call
description: Hear an agent move an appointment.
name: Sample call
sections:
  - kind: hero
    eyebrow: Calls
    heading: Hear our agent
    intro: One call, start to end.
  - kind: sample-call
    heading: Moving an appointment
    label: A recording made with the caller's consent.
    transcript: /images/calls/move.vtt
    audio: /images/calls/move.ogg
    fallback: /images/calls/move.mp3
`

const callVTT = `WEBVTT

00:00.000 --> 00:02.500
<v Agent>Good evening, this is the clinic.

00:02.600 --> 00:05.200
<v Caller>I need to move my appointment.

00:05.400 --> 00:07.900
<v Agent>Thursday at 8:40 is free.
`

// callCues are callVTT's cues as the page shows them.
var callCues = []string{"0:00 Agent Good evening, this is the clinic.", "0:02 Caller I need to move my appointment.", "0:05 Agent Thursday at 8:40 is free."}

// callSite is the fixture site with /call, a sample call with a recording
// of 8 s made here, built and served.
func callSite(t *testing.T) *browsertest.Env {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/site")); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"pages/call.yaml":       []byte(callPage),
		"images/calls/move.vtt": []byte(callVTT),
		"images/calls/move.ogg": audiotest.OggOpus(8 * time.Second),
		"images/calls/move.mp3": audiotest.MP3(8 * time.Second),
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return browsertest.StartWith(t, browsertest.Config{Content: dir})
}

// callState is what a visitor sees of the call on the page.
type callState struct {
	Lines    []string `json:"lines"`
	Visible  bool     `json:"visible"`
	Controls bool     `json:"controls"`
	Preload  string   `json:"preload"`
	Track    string   `json:"track"`
	Sources  []string `json:"sources"`
}

const readCall = `(() => {
	const call = document.querySelector("[data-sample-call]");
	const audio = call.querySelector("audio");
	const track = audio && audio.querySelector("track");
	call.scrollIntoView({block: "center"});
	return {
		lines: [...call.querySelectorAll("li")].map(li => li.innerText.replace(/\s+/g, " ").trim()),
		visible: [...call.querySelectorAll("li")].every(li => li.checkVisibility({opacityProperty: true, visibilityProperty: true})),
		controls: !!audio && audio.controls, preload: audio ? audio.getAttribute("preload") : "",
		track: track ? track.kind + " " + new URL(track.src).pathname : "",
		sources: audio ? [...audio.querySelectorAll("source")].map(s => new URL(s.src).pathname + " " + s.type) : [],
	};
})()`

func TestSampleCall(t *testing.T) {
	t.Parallel()
	env := callSite(t)
	want := callState{Lines: callCues, Visible: true, Controls: true, Preload: "none", Track: "captions /images/calls/move.vtt",
		Sources: []string{"/images/calls/move.ogg audio/ogg; codecs=opus", "/images/calls/move.mp3 audio/mpeg"}}
	fetchedAudio := func(tab *browsertest.Tab) []string {
		var out []string
		for _, u := range tab.Requests() {
			if strings.HasSuffix(u, ".ogg") || strings.HasSuffix(u, ".mp3") {
				out = append(out, u)
			}
		}
		return out
	}

	t.Run("without JavaScript", func(t *testing.T) {
		tab := env.NewTab(t, 375, 800)
		scriptsOff(t, tab)
		if err := chromedp.Do(tab.Ctx, chromedp.Navigate(env.URL+"/call")); err != nil {
			t.Fatal(err)
		}
		if got := eval[callState](t, tab, readCall); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the call without JavaScript:\n%+v\nwant\n%+v", got, want)
		}
		if got := fetchedAudio(tab); len(got) > 0 {
			t.Errorf("the recording was fetched before play: %q", got)
		}
		if eval[bool](t, tab, `document.documentElement.scrollWidth > innerWidth`) {
			t.Error("the call overflows a phone's width")
		}
	})

	t.Run("with JavaScript", func(t *testing.T) {
		tab := env.NewTab(t, 1280, 800)
		tab.Load(t, "/call")
		if got := eval[callState](t, tab, readCall); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the call once the app runs:\n%+v\nwant\n%+v", got, want)
		}
		if got := fetchedAudio(tab); len(got) > 0 {
			t.Errorf("the recording was fetched before play: %q", got)
		}
		current := `[...document.querySelectorAll("[data-sample-call] li")].map(li => li.getAttribute("aria-current") === "true")`
		// Enter on the first line, reached with the keyboard before any
		// click, plays from 0. (The call is server HTML until its part
		// hydrates, and React stopped the key at its root: nothing played.)
		if err := chromedp.Do(tab.Ctx,
			chromedp.Focus(chromedp.CSS(`[data-sample-call] li:nth-child(1)`)),
			chromedp.KeyEvent(kb.Enter),
			chromedp.Poll[chromedp.Void](current+`.join() === "true,false,false" && !document.querySelector("[data-sample-call] audio").paused`, chromedp.WithPollingTimeout(20*time.Second)),
		); err != nil {
			t.Fatalf("Enter on a line: %v (lines current: %v)", err, eval[[]bool](t, tab, current))
		}
		// A click on the second line plays from its start, and marks it.
		if err := chromedp.Do(tab.Ctx,
			chromedp.Click(chromedp.CSS(`[data-sample-call] li:nth-child(2)`)),
			chromedp.Poll[chromedp.Void](`(() => { const a = document.querySelector("[data-sample-call] audio"); return a.currentTime >= 2.6 && a.currentTime < 5.2 && !a.paused; })()`, chromedp.WithPollingTimeout(20*time.Second)),
			chromedp.Poll[chromedp.Void](current+`.join() === "false,true,false"`, chromedp.WithPollingTimeout(20*time.Second)),
		); err != nil {
			t.Fatalf("a click on a line: %v (lines current: %v, errors %q)", err, eval[[]bool](t, tab, current), tab.Errors())
		}
		if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
			t.Errorf("console or browser errors: %q", errs)
		}
	})

	// The byte budget: the player's script is loaded by /call alone, and
	// weighs at most playerBudget gzipped.
	t.Run("bytes", func(t *testing.T) {
		players, _ := filepath.Glob(filepath.Join(env.Dir, "assets", "sample-call-*.js"))
		if len(players) != 1 {
			t.Fatalf("player scripts = %q, want one", players)
		}
		data, err := os.ReadFile(players[0])
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
		w.Write(data)
		w.Close()
		if z.Len() > playerBudget {
			t.Errorf("the player's script is %d bytes gzipped, over its budget of %d", z.Len(), playerBudget)
		}
		src := "/assets/" + filepath.Base(players[0])
		pages := 0
		fs.WalkDir(os.DirFS(env.Dir), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || !strings.HasSuffix(p, ".html") || strings.HasPrefix(p, "admin/") {
				return err
			}
			html, err := os.ReadFile(filepath.Join(env.Dir, p))
			if err != nil {
				return err
			}
			pages++
			if loads := bytes.Contains(html, []byte(src)); loads != (p == "call/index.html") {
				t.Errorf("%s loads the player: %v", p, loads)
			}
			return nil
		})
		if pages < 3 {
			t.Fatalf("found %d pages in %s", pages, env.Dir)
		}
	})
}

// TestSampleCallTranscriptShipped: every sample call of the shipped site
// shows its label and its whole transcript as text, without JavaScript;
// one without a recording shows no player and loads no player script.
func TestSampleCallTranscriptShipped(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 375, 800)
	scriptsOff(t, tab)
	for path, page := range sweepSite(t).Pages {
		for _, sec := range page.Sections {
			call, ok := sec.Value.(*sections.SampleCallSection)
			if !ok {
				continue
			}
			t.Run(sweepName(path), func(t *testing.T) {
				tab.Reset()
				if err := chromedp.Do(tab.Ctx, chromedp.Navigate(env.URL+path)); err != nil {
					t.Fatal(err)
				}
				text := eval[string](t, tab, `(() => { const c = document.querySelector("[data-sample-call]"); c.scrollIntoView(); return c.innerText.replace(/\s+/g, " "); })()`)
				for _, want := range []string{call.Label} {
					if !strings.Contains(text, want) {
						t.Errorf("the call does not show %q", want)
					}
				}
				for _, c := range call.Cues {
					if !strings.Contains(text, c.Speaker+" "+c.Text) {
						t.Errorf("the transcript does not show %q", c.Speaker+": "+c.Text)
					}
				}
				if eval[bool](t, tab, `document.documentElement.scrollWidth > innerWidth`) {
					t.Error("the page overflows a phone's width")
				}
				if call.Audio == "" {
					if eval[bool](t, tab, `!!document.querySelector("[data-sample-call] audio")`) {
						t.Error("a player without a recording")
					}
					for _, u := range tab.Requests() {
						if strings.Contains(u, "/sample-call-") {
							t.Errorf("the player's script is loaded without a recording: %s", u)
						}
					}
				}
			})
		}
	}
}
