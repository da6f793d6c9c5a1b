package content

import (
	"errors"
	"fmt"
	"reflect"
	"time"
	_ "time/tzdata" // webinar time zones resolve the same on any build machine

	"github.com/vozia/site/generator/content/field"
)

// Collections are the site's records, one file each under
// content/collections/. A page receives the ones its sections show.
type Collections struct {
	Services      []Service      `json:"services,omitempty"`
	CaseStudies   []CaseStudy    `json:"caseStudies,omitempty"`
	Reviews       []Review       `json:"reviews,omitempty"`
	Founders      []Founder      `json:"founders,omitempty"`
	FAQ           []FAQItem      `json:"faq,omitempty"`
	Resources     []Resource     `json:"resources,omitempty"`
	Webinars      []Webinar      `json:"webinars,omitempty"`
	Values        []Value        `json:"values,omitempty"`
	PartnerGroups []PartnerGroup `json:"partnerGroups,omitempty"`
	// Claims are cited from text ({claim:key}); Load replaces the
	// citations, so no page needs the records themselves.
	Claims []Claim `json:"-"`
}

// collectionFile is a collection's file and its slot in a Collections.
type collectionFile struct {
	file string
	ptr  func(*Collections) any
}

// slot is the collection's slot in cols.
func (c collectionFile) slot(cols *Collections) reflect.Value {
	return reflect.ValueOf(c.ptr(cols)).Elem()
}

// collectionFiles maps each collection name (as sections name it) to its
// file and its slot.
var collectionFiles = map[string]collectionFile{
	"services":      {"collections/services.yaml", func(c *Collections) any { return &c.Services }},
	"caseStudies":   {"collections/case-studies.yaml", func(c *Collections) any { return &c.CaseStudies }},
	"reviews":       {"collections/reviews.yaml", func(c *Collections) any { return &c.Reviews }},
	"founders":      {"collections/founders.yaml", func(c *Collections) any { return &c.Founders }},
	"faq":           {"collections/faq.yaml", func(c *Collections) any { return &c.FAQ }},
	"resources":     {"collections/resources.yaml", func(c *Collections) any { return &c.Resources }},
	"webinars":      {"collections/webinars.yaml", func(c *Collections) any { return &c.Webinars }},
	"values":        {"collections/values.yaml", func(c *Collections) any { return &c.Values }},
	"partnerGroups": {"collections/partner-groups.yaml", func(c *Collections) any { return &c.PartnerGroups }},
	"claims":        {"collections/claims.yaml", func(c *Collections) any { return &c.Claims }},
}

// Service is a consulting service. Details are the paragraphs of its page;
// Description is the short text on the card. Its ID is the last part of
// the service's own address (/services/ID).
type Service struct {
	// The service's page is the services' list page's path + "/" + ID
	// (details.go).
	Pos field.Pos `json:"-" at:"id"`
	// ID is lower-case words joined by hyphens, unique among the
	// services: the last part of the service's address, which stays once
	// published.
	ID          string     `json:"id"`
	Title       string     `json:"title"`
	Icon        field.Icon `json:"icon"`
	Description string     `json:"description"`
	Details     []string   `json:"details"`
	// URL is the service's page, set by the build.
	URL string `json:"url" yaml:"-"`
}

// CaseStudy is one customer story, shown on the home page and /case-studies.
// Its ID is the last part of the story's own address (/case-studies/ID).
type CaseStudy struct {
	// The story's page is the case studies' list page's path + "/" + ID
	// (details.go).
	Pos field.Pos `json:"-" at:"id"`
	// ID is lower-case words joined by hyphens, unique among the stories:
	// the last part of the story's address, which stays once published.
	ID        string `json:"id"`
	Sector    string `json:"sector"`
	Industry  string `json:"industry"`
	Company   string `json:"company"`
	Title     string `json:"title"`
	Challenge string `json:"challenge"`
	Solution  string `json:"solution"`
	// Results are the story's outcomes, each a sentence in words; a
	// figure among them is a measured result cited as {claim:key}, which
	// shows with its evidence.
	Results []string       `json:"results"`
	Image   Image          `json:"image"`
	Icon    field.Icon     `json:"icon"`
	Color   field.HexColor `json:"color"`
	// URL is the story's page, set by the build.
	URL string `json:"url" yaml:"-"`
}

// Review is a customer review: shown by a reviews section, and the
// Organization's reviews and aggregate rating in the structured data.
type Review struct {
	Company       string     `json:"company"`
	ReviewBody    string     `json:"reviewBody"`
	RatingValue   float64    `json:"ratingValue"`
	DatePublished field.Date `json:"datePublished"`
	// RatingLabel and DateText are worded by the page's reviews section.
	RatingLabel string `json:"ratingLabel" yaml:"-"`
	DateText    string `json:"dateText" yaml:"-"`
}

func (r Review) Validate() error {
	if r.RatingValue < 1 || r.RatingValue > 5 {
		return field.AtField("ratingValue", "ratingValue %v must be between 1 and 5", r.RatingValue)
	}
	return nil
}

type Founder struct {
	Name     string       `json:"name"`
	Title    string       `json:"title"`
	Bio      string       `json:"bio"`
	Initials string       `json:"initials"`
	LinkedIn field.AbsURL `json:"linkedin"`
	// Photo is optional: a portrait, shown round at 56 px in place of the
	// initials (which stay when there is none).
	Photo *Image `json:"photo,omitempty"`
	// ProfileLabel is worded by the page's founders section.
	ProfileLabel string `json:"profileLabel,omitempty" yaml:"-"`
}

type FAQItem struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Resource is a downloadable item; its link is a placeholder until the
// files exist, and the page must say so.
type Resource struct {
	Type        string     `json:"type"`
	Icon        field.Icon `json:"icon"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	DownloadURL string     `json:"downloadUrl,omitempty"`
	Category    string     `json:"category"`
	// Action is worded by the page's resource library section.
	Action BlockAction `json:"action" yaml:"-"`
}

// Webinar is a webinar, listed as upcoming until it begins, then among the
// past ones.
type Webinar struct {
	Title string `json:"title"`
	// Date is the day it is held, YYYY-MM-DD (2026-03-14).
	Date field.Date `json:"date"`
	// Time is when it begins, a 24-hour time (14:00) in TimeZone.
	Time string `json:"time"`
	// TimeZone is a name of the time zone database: Europe/Madrid,
	// America/New_York, or CET. The page shows the zone as it is named on
	// the day (CET, CEST, EST).
	TimeZone string `json:"timeZone"`
	Speaker  string `json:"speaker"`
	// Past is not content: the build sets it (MarkPast) from its own
	// clock.
	Past bool `json:"past" yaml:"-"`
	// When and Action are worded by the page's webinars section.
	When   string      `json:"when" yaml:"-"`
	Action BlockAction `json:"action" yaml:"-"`
	// Starts is not content: the build writes Start with its offset from
	// UTC (2026-12-15T16:00+01:00), the page's machine-readable time, which
	// says the zone where the date and time alone do not.
	Starts string `json:"starts" yaml:"-"`
}

// Validate says every problem of the webinar at once: one save shows them
// all (an editor's trial: the time zone's waited for the time's fix).
func (w Webinar) Validate() error {
	var errs []error
	if _, err := time.Parse("15:04", w.Time); err != nil {
		errs = append(errs, field.AtField("time", "time %q must be a 24-hour time like 14:00%s", w.Time, field.TimeMeant(w.Time)))
	}
	if _, err := time.LoadLocation(w.TimeZone); err != nil || w.TimeZone == "" || w.TimeZone == "Local" {
		errs = append(errs, field.AtField("timeZone", "timeZone %q must be a time zone name like CET or Europe/Madrid%s", w.TimeZone, field.ZoneMeant(w.TimeZone)))
	}
	return errors.Join(errs...)
}

// Start is when the webinar begins (the zero time if its fields are invalid,
// which Validate reports).
func (w Webinar) Start() time.Time {
	loc, err := time.LoadLocation(w.TimeZone)
	if err != nil {
		return time.Time{}
	}
	t, _ := time.ParseInLocation("2006-01-02 15:04", string(w.Date)+" "+w.Time, loc)
	return t
}

// Zone names the webinar's time zone as a visitor reads it beside the
// time: the zone's abbreviation on the day (CET, CEST, EST), or its offset
// from UTC where the database has no abbreviation (UTC+03, UTC+05:30); the
// name as written if it is no zone (which Validate reports).
func (w Webinar) Zone() string {
	t := w.Start()
	if t.IsZero() {
		return w.TimeZone
	}
	abbr, offset := t.Zone()
	if abbr != "" && abbr[0] != '+' && abbr[0] != '-' {
		return abbr
	}
	sign := "+"
	if offset < 0 {
		sign, offset = "-", -offset
	}
	s := fmt.Sprintf("UTC%s%02d", sign, offset/3600)
	if m := offset % 3600 / 60; m != 0 {
		s += fmt.Sprintf(":%02d", m)
	}
	return s
}

// MarkPast sets Past on every webinar that has begun by now, so that pages
// built after a date never invite visitors to register for it.
func (c *Collections) MarkPast(now time.Time) {
	for i := range c.Webinars {
		c.Webinars[i].Past = !c.Webinars[i].Start().After(now)
	}
}

type Value struct {
	Icon        field.Icon `json:"icon"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
}

type PartnerGroup struct {
	Icon        field.Icon `json:"icon"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Partners    []string   `json:"partners"`
}

// CollectionFile is the file, relative to content/, of a collection named
// by a section.
func CollectionFile(name string) string { return collectionFiles[name].file }
