package sections

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

func init() {
	content.RegisterKind[WebinarsSection](content.Kind{
		Name: "webinars",
		Doc:  "The webinars collection: those to come with a register button, past ones as recordings on request (the build decides which is which from its date).",
	})
}

// WebinarsSection labels the webinars. Months names the months for the
// dates, January first, so that the page renders the same in the build and
// the browser. Webinars still to come offer registration; those the build
// finds past (Webinar.Past) are listed apart, as recordings on request;
// NoUpcoming stands in when none is to come. A webinar's time reads as the
// site writes times (14:00 CET): its zone's abbreviation on that day, never
// the database name the file gives (Europe/Madrid).
//
// The buttons' labels and subjects reach the page data too: the web
// editor's preview words a webinar the build has not seen
// (frontend/src/admin/records.ts) with the page's own copy. The months
// do not: the page data holds final words only (WordRecords writes the
// dates out), and the preview shows a date not built yet as typed.
type WebinarsSection struct {
	Heading      string `json:"heading"`
	Intro        string `json:"intro"`
	SpeakerLabel string `json:"speakerLabel"`
	// RegisterLabel is the button of a webinar to come: it asks by e-mail
	// to register, with RegisterSubject and the title as the subject.
	RegisterLabel   string `yaml:"registerLabel" json:"registerLabel"`
	RegisterSubject string `yaml:"registerSubject" json:"registerSubject"`
	RegisterNote    string `json:"registerNote"`
	NoUpcoming      string `json:"noUpcoming"`
	PastHeading     string `json:"pastHeading"`
	// RecordingLabel is the button of a past one, asking for its recording.
	RecordingLabel   string `yaml:"recordingLabel" json:"recordingLabel"`
	RecordingSubject string `yaml:"recordingSubject" json:"recordingSubject"`
	// Months name the twelve months, January first, for the dates.
	Months []string `yaml:"months" json:"-"`
}

func (w WebinarsSection) Validate() error {
	if len(w.Months) != 12 {
		return field.AtField("months", "months: want 12 names, have %d", len(w.Months))
	}
	return nil
}

func (WebinarsSection) Reads() []string { return []string{"webinars"} }

func (v WebinarsSection) WordRecords(c *content.Collections, _ siteconfig.SiteConfig) {
	c.Webinars = content.CloneEach(c.Webinars, func(w *content.Webinar) {
		w.When = content.DateText(string(w.Date), v.Months) + " · " + w.Time + " " + w.Zone()
		if t := w.Start(); !t.IsZero() {
			w.Starts = t.Format("2006-01-02T15:04Z07:00")
		}
	})
}

// FinishRecords words each webinar's call to action, once the build's
// clock has said which are past.
func (v WebinarsSection) FinishRecords(c *content.Collections, cfg siteconfig.SiteConfig) {
	for i := range c.Webinars {
		w := &c.Webinars[i]
		label, subject := v.RegisterLabel, v.RegisterSubject
		if w.Past {
			label, subject = v.RecordingLabel, v.RecordingSubject
		}
		a := content.BlockAction{Action: content.Action{Label: label, Site: "email"}, Subject: subject + " " + w.Title}
		a.Resolve(cfg)
		w.Action = a
	}
}
