package browsertest

import (
	"context"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// typedKeys is how many characters Type sends as keys at each end of a
// text.
const typedKeys = 3

// Type types text into the field sel: its first and last few characters
// as keys (chromedp.SendKeys, which focuses the field first), and the
// middle at once, as a paste or an input method enters it
// (Input.insertText: one input event, as a key's is).
//
// Why not every character as a key: in the web editor each key renders
// the entry's form and its preview again, 0.10 to 0.20 CPU-s a key on a
// 2-core machine, and the editor tests typed about 400 keys (half of
// TestAdminEntries' browser time). What a person sees is the same either
// way: the keys at both ends prove the field takes keys where the focus
// is, and the field holds the whole text, which the tests read back.
func Type(sel string, text string) chromedp.Action[chromedp.Void] {
	r := []rune(text)
	if len(r) <= 2*typedKeys+1 {
		return chromedp.SendKeys(chromedp.CSS(sel), text)
	}
	return chromedp.Steps(
		chromedp.SendKeys(chromedp.CSS(sel), string(r[:typedKeys])),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: string(r[typedKeys : len(r)-typedKeys])})
			return err
		}),
		chromedp.SendKeys(chromedp.CSS(sel), string(r[len(r)-typedKeys:])),
	)
}

// Unhurried is the query option of a wait that may last seconds
// (chromedp.WaitVisible, chromedp.WaitReady): it asks every 50 ms, where
// chromedp asks every 5 ms, each time a round trip to the page: 0.2 CPU-s
// a second of waiting, Chromium's and the test's, against 0.08 for Until
// (a test against the home page, five seconds of each).
var Unhurried = chromedp.RetryInterval(50 * time.Millisecond)

// Until waits until the script cond is true in the tab's page, asking
// every 50 ms, for at most timeout.
//
// chromedp.Poll asks once a frame by default (requestAnimationFrame),
// which keeps the page drawing frames for as long as the wait lasts: 0.1
// CPU-s a second of waiting, against 0.01 asked every 100 ms (measured on
// the home page). Waits for a build, a save or an editor's step last
// seconds, so the tests that wait on them use Until; a test that must
// see a state in the very frame it shows keeps chromedp.Poll. Neither
// sees a state mid-animation, which a tab plays MotionRate times faster:
// a test catches the animation in the page (MotionRate says how).
func Until(cond string, timeout time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond))
}
