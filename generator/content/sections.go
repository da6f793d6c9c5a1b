package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// A page is an ordered list of sections. Each section is one kind of the
// union below, chosen by its `kind:` key; sectionKinds is the only place a
// kind is declared. From it the decoder checks each section against its
// kind's struct, the TypeScript union type is generated (the app's renderer
// map is typed against it, so tsc fails when a kind has no renderer) and
// the editor's field reference in content/README.md is written.

// Section is one section of a page: Kind names the kind and Value points to
// the kind's struct. On the wire it is the struct's fields plus "kind".
type Section struct {
	Kind  string
	Pos   Pos
	Value any
}

// MarshalJSON writes {"kind": ..., <the kind's fields>}.
func (s Section) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(s.Value)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(s.Kind)
	var b bytes.Buffer
	b.WriteString(`{"kind":`)
	b.Write(kind)
	if len(body) > 2 {
		b.WriteByte(',')
		b.Write(body[1:])
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// sectionKind declares one kind of section.
type sectionKind struct {
	Name string
	// Doc says what the section shows, for content/README.md.
	Doc string
	new func() any
}

// Type is the Go type of the kind's fields.
func (k sectionKind) Type() reflect.Type { return reflect.TypeOf(k.new()).Elem() }

// sectionKinds is every kind of section, in the order of the reference.
var sectionKinds = []sectionKind{
	// The shared vocabulary.
	{"hero", "The black opening of a page with its one h1, an introduction, buttons and optional figures.", func() any { return new(HeroSection) }},
	{"cards", "A section of cards with a heading.", func() any { return new(CardsSection) }},
	{"stats", "A section of figures.", func() any { return new(StatsSection) }},
	{"text", "A heading, paragraphs and optional figures.", func() any { return new(TextSection) }},
	{"collection", "The records of a collection as cards, under a heading.", func() any { return new(CollectionSection) }},
	{"cta", "The black closing call to action of a page.", func() any { return new(CTASection) }},
	{"contact", "The contact form with the contact details, and the floating contact button.", func() any { return new(ContactSection) }},
	{"markdown", "Text written in Markdown (the body of a .md page is one).", func() any { return new(MarkdownSection) }},
	// The bespoke widgets.
	{"home-hero", "The home page's opening: heading, topic tags, two buttons and the mock dashboard.", func() any { return new(HomeHeroSection) }},
	{"card-grid", "The home page's icon cards with an optional highlighted figure.", func() any { return new(CardGridSection) }},
	{"business-lines", "The consulting services (from the services collection), each opening its details, and the product cards.", func() any { return new(BusinessLinesSection) }},
	{"case-study-grid", "The case studies (from the caseStudies collection) as cards, each opening the story in a dialog.", func() any { return new(CaseStudyGridSection) }},
	{"case-studies", "Every case study (from the caseStudies collection) told in full.", func() any { return new(CaseStudiesSection) }},
	{"founders", "The company statement, the founders (from the founders collection) and the mission.", func() any { return new(FoundersSection) }},
	{"faq", "The questions of the faq collection as an accordion, and a contact link.", func() any { return new(FAQSection) }},
	{"services", "The services collection as cards; each opens its details in a dialog (a sheet on phones).", func() any { return new(ServicesSection) }},
	{"resource-library", "The resources collection as download cards.", func() any { return new(ResourceLibrarySection) }},
	{"webinars", "The webinars collection: those to come with a register button, past ones as recordings on request (the build decides which is which from its date).", func() any { return new(WebinarsSection) }},
	{"reviews", "The reviews collection as quotes with the kind of company, the rating and the date: the same records as the structured data's reviews and aggregate rating.", func() any { return new(ReviewsSection) }},
	{"pulse-dashboard", "The illustrative Pulse dashboard drawn in CSS.", func() any { return new(PulseDashboardSection) }},
	{"integrations", "A list of named products and what they are.", func() any { return new(IntegrationsSection) }},
	{"article-index", "The articles, newest first, with their topics: on the page that holds it (the articles' index, whose path is theirs: /insights/<slug>), and on the pages the build adds for more articles (page/2, ...) and for each tag (tags/<tag>).", func() any { return new(ArticleIndexSection) }},
	{"latest-articles", "The newest articles as cards, with a link to all of them.", func() any { return new(LatestArticlesSection) }},
	{"article", "An article's page, made by the build from its file under articles/ (never written in a page); the sections after the index's article-index section follow it.", func() any { return new(ArticleSection) }},
	{"not-found", "The message of the not-found page and a link home.", func() any { return new(NotFoundSection) }},
}

func lookupKind(name string) (sectionKind, bool) {
	i := slices.IndexFunc(sectionKinds, func(k sectionKind) bool { return k.Name == name })
	if i < 0 {
		return sectionKind{}, false
	}
	return sectionKinds[i], true
}

// collectionReader is implemented by sections that show collection
// records: the page receives exactly the collections its sections read.
type collectionReader interface{ reads() []string }

// --- The shared vocabulary.

// HeroSection opens a page: a kicker, the page's one h1, an introduction,
// its calls to action and, optionally, a strip of figures.
type HeroSection struct {
	// Eyebrow is the short kicker above the heading.
	Eyebrow string `json:"eyebrow"`
	// Heading is the page's one h1.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro"`
	// Actions are the buttons under the introduction.
	Actions []BlockAction `json:"actions,omitempty"`
	// Highlights are figures shown in a strip at the bottom of the hero.
	Highlights []BlockStat `json:"highlights,omitempty"`
}

// BlockAction is a call to action drawn as a button: an Action (href, or
// an address of site.yaml by name) plus how it looks and, for site: email,
// the subject of the e-mail.
type BlockAction struct {
	Action
	Subject string `json:"subject,omitempty"`
	// Secondary draws the action as an outlined button.
	Secondary bool `json:"secondary,omitempty"`
}

func (a BlockAction) Validate() error {
	if err := a.Action.Validate(); err != nil {
		return err
	}
	if a.Subject != "" && a.Site != "email" {
		return errors.New("subject is only for site: email")
	}
	return nil
}

// CardsSection is a section of cards with a heading (an h2).
type CardsSection struct {
	// ID is the section's anchor, for links to it (#id).
	ID string `json:"id,omitempty"`
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string      `json:"intro,omitempty"`
	Cards []BlockCard `json:"cards"`
}

// BlockCard is one card: an icon, a title (an h3), a text and optionally
// a headline figure, bullet points, a tag and an action.
type BlockCard struct {
	Icon Icon `json:"icon"`
	// Title is the card's h3.
	Title string `json:"title"`
	Text  string `json:"text"`
	// Stat is a highlighted figure under the text.
	Stat *BlockStat `json:"stat,omitempty"`
	// Points are bullet points, each with a check mark.
	Points []string `json:"points,omitempty"`
	// Tag is a small label above the title.
	Tag string `json:"tag,omitempty"`
	// Action is a button at the bottom of the card.
	Action *BlockAction `json:"action,omitempty"`
}

// BlockStat is a figure and what it measures.
type BlockStat struct {
	// Value is the figure, drawn large ("30+"); quote it when it is a number.
	Value string `json:"value"`
	// Label is what the figure measures.
	Label string `json:"label"`
}

// StatsSection is a section of figures.
type StatsSection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string      `json:"intro,omitempty"`
	Stats []BlockStat `json:"stats"`
	// Note qualifies the figures (where they come from).
	Note string `json:"note,omitempty"`
}

// TextSection is a heading, paragraphs and optional figures.
type TextSection struct {
	// Heading is the section's h2.
	Heading    string   `json:"heading"`
	Paragraphs []string `json:"paragraphs"`
	// Facts are figures under the text.
	Facts []BlockStat `json:"facts,omitempty"`
}

// CTASection is the closing call to action of a page.
type CTASection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	Text    string `json:"text"`
	// Actions are the buttons.
	Actions []BlockAction `json:"actions"`
}

// CollectionSection shows the records of one collection as cards.
type CollectionSection struct {
	// Collection names the collection whose records the cards show.
	Collection string `json:"collection"`
	// ID is the section's anchor, for links to it (#id).
	ID string `json:"id,omitempty"`
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro,omitempty"`
}

// cardCollections are the collections a collection section can show (the
// app draws each record as a card).
var cardCollections = []string{"values", "partnerGroups", "reviews"}

func (c CollectionSection) Validate() error {
	if !slices.Contains(cardCollections, c.Collection) {
		return fmt.Errorf("collection %q cannot be shown as cards%s (can: %s)", c.Collection, didYouMean(c.Collection, cardCollections), joinQuoted(cardCollections))
	}
	return nil
}

func (c CollectionSection) reads() []string { return []string{c.Collection} }

// ContactSection is the contact form and details (copy in layout.yaml's
// contactForm), with the floating contact button. Heading and intro
// override the layout's for one page.
type ContactSection struct {
	// Heading replaces the layout's contactForm.heading on this page.
	Heading string `json:"heading,omitempty"`
	// Intro replaces the layout's contactForm.intro on this page.
	Intro string `json:"intro,omitempty"`
}

// MarkdownSection is text in Markdown, rendered by the build. In a .md
// page the file's body is the section; the front matter's back is its
// link back. The text may write {email} for site.yaml's demoEmail.
type MarkdownSection struct {
	// Body is the text, in Markdown (use a YAML block scalar: body: |).
	Body string `json:"body,omitempty"`
	// BodyAt is where Body's text starts in its file, so that a broken
	// link in it is reported at its own line.
	BodyAt Pos `json:"-" yaml:"-" at:"body"`
	// HTML is the rendered body; it is what the app receives.
	HTML string `json:"html" yaml:"-"`
	// Back is a link under the text.
	Back *Action `json:"back,omitempty"`
}

func (m MarkdownSection) Validate() error {
	if strings.TrimSpace(m.Body) == "" {
		return errors.New("missing required field \"body\"")
	}
	return nil
}

// --- The home page's widgets.

// HomeHeroSection is the home page's opening.
type HomeHeroSection struct {
	Heading    string `json:"heading"`
	Subheading string `json:"subheading"`
	// TagsLabel names the list of topic tags for screen readers.
	TagsLabel string    `json:"tagsLabel"`
	Tags      []HeroTag `json:"tags"`
	Primary   Action    `json:"primary"`
	Secondary Action    `json:"secondary"`
	Dashboard Dashboard `json:"dashboard"`
}

// HeroTag is a topic tag; DesktopOnly hides it under 768 px.
type HeroTag struct {
	Label       string `json:"label"`
	Icon        Icon   `json:"icon"`
	DesktopOnly bool   `json:"desktopOnly,omitempty"`
}

// Dashboard is the hero's decorative mock dashboard.
type Dashboard struct {
	// Label is the text alternative of the whole picture.
	Label  string          `json:"label"`
	Title  string          `json:"title"`
	Status string          `json:"status"`
	Stats  []DashboardStat `json:"stats"`
	Chat   []ChatMessage   `json:"chat"`
}

type DashboardStat struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ChatMessage is one turn of the sample chat; From is "agent" or "customer".
type ChatMessage struct {
	From string `json:"from"`
	Text string `json:"text"`
}

func (m ChatMessage) Validate() error {
	if m.From != "agent" && m.From != "customer" {
		return fmt.Errorf("from %q must be agent or customer", m.From)
	}
	return nil
}

// CardGridSection is a section heading, an introduction and icon cards;
// ID names the section for assistive technology.
type CardGridSection struct {
	ID      string `json:"id"`
	Eyebrow string `json:"eyebrow,omitempty"`
	Heading string `json:"heading"`
	Intro   string `json:"intro,omitempty"`
	Cards   []Card `json:"cards"`
}

// Card is an icon, a title and a text; Stat, when set, is a highlighted
// figure.
type Card struct {
	Icon  Icon   `json:"icon"`
	Title string `json:"title"`
	Text  string `json:"text"`
	Stat  string `json:"stat,omitempty"`
}

type BusinessLinesSection struct {
	Eyebrow         string    `json:"eyebrow,omitempty"`
	Heading         string    `json:"heading"`
	Intro           string    `json:"intro"`
	ConsultingTitle string    `json:"consultingTitle"`
	ConsultingIntro string    `json:"consultingIntro"`
	MoreLabel       string    `json:"moreLabel"`
	GetInTouch      Action    `json:"getInTouch"`
	ProductsTitle   string    `json:"productsTitle"`
	Products        []Product `json:"products"`
}

func (BusinessLinesSection) reads() []string { return []string{"services"} }

// Product is a product card: bullets and a link to the product's site.
type Product struct {
	Icon    Icon     `json:"icon"`
	Eyebrow string   `json:"eyebrow"`
	Title   string   `json:"title"`
	Text    string   `json:"text"`
	Bullets []string `json:"bullets"`
	Link    Action   `json:"link"`
}

type CaseStudyGridSection struct {
	Eyebrow        string `json:"eyebrow,omitempty"`
	Heading        string `json:"heading"`
	Intro          string `json:"intro"`
	ReadMore       string `json:"readMore"`
	ChallengeTitle string `json:"challengeTitle"`
	SolutionTitle  string `json:"solutionTitle"`
	ResultsTitle   string `json:"resultsTitle"`
	CloseLabel     string `json:"closeLabel"`
	AllLink        Action `json:"allLink"`
}

func (CaseStudyGridSection) reads() []string { return []string{"caseStudies"} }

type FoundersSection struct {
	Eyebrow       string `json:"eyebrow,omitempty"`
	Heading       string `json:"heading"`
	Statement     string `json:"statement"`
	FoundersTitle string `json:"foundersTitle"`
	// ProfileLabel is the founder's profile link text; {name} is replaced.
	ProfileLabel string `json:"profileLabel"`
	MissionTitle string `json:"missionTitle"`
	MissionText  string `json:"missionText"`
	MoreLink     Action `json:"moreLink"`
}

func (FoundersSection) reads() []string { return []string{"founders"} }

type FAQSection struct {
	Eyebrow     string `json:"eyebrow,omitempty"`
	Heading     string `json:"heading"`
	Intro       string `json:"intro"`
	ContactText string `json:"contactText"`
	Contact     Action `json:"contact"`
}

func (FAQSection) reads() []string { return []string{"faq"} }

// --- The inner pages' widgets.

// CaseStudiesSection tells every case study in full; Challenge, Solution
// and Results are the headings of each story's parts.
type CaseStudiesSection struct {
	ID        string `json:"id,omitempty"`
	Heading   string `json:"heading"`
	Intro     string `json:"intro,omitempty"`
	Challenge string `json:"challenge"`
	Solution  string `json:"solution"`
	Results   string `json:"results"`
}

func (CaseStudiesSection) reads() []string { return []string{"caseStudies"} }

// ServicesSection shows the services as cards; OpenLabel is the card's
// button, CloseLabel names the dialog's close button for screen readers
// and Action is the dialog's call to action.
type ServicesSection struct {
	ID         string      `json:"id,omitempty"`
	Heading    string      `json:"heading"`
	Intro      string      `json:"intro,omitempty"`
	OpenLabel  string      `json:"openLabel"`
	CloseLabel string      `json:"closeLabel"`
	Action     BlockAction `json:"action"`
}

func (ServicesSection) reads() []string { return []string{"services"} }

// ResourceLibrarySection labels the downloadable items. Until a resource
// has a downloadUrl, its button asks for the file by e-mail and Pending
// says so.
type ResourceLibrarySection struct {
	Heading       string `json:"heading"`
	Intro         string `json:"intro"`
	DownloadLabel string `json:"downloadLabel"`
	RequestLabel  string `json:"requestLabel"`
	// RequestSubject prefixes the e-mail subject; the title follows.
	RequestSubject string `json:"requestSubject"`
	Pending        string `json:"pending"`
}

func (ResourceLibrarySection) reads() []string { return []string{"resources"} }

// WebinarsSection labels the webinars. Months names the months for the
// dates, January first, so that the page renders the same in the build and
// the browser. Webinars still to come offer registration; those the build
// finds past (Webinar.Past) are listed apart, as recordings on request;
// NoUpcoming stands in when none is to come.
type WebinarsSection struct {
	Heading          string   `json:"heading"`
	Intro            string   `json:"intro"`
	SpeakerLabel     string   `json:"speakerLabel"`
	RegisterLabel    string   `json:"registerLabel"`
	RegisterSubject  string   `json:"registerSubject"`
	RegisterNote     string   `json:"registerNote"`
	NoUpcoming       string   `json:"noUpcoming"`
	PastHeading      string   `json:"pastHeading"`
	RecordingLabel   string   `json:"recordingLabel"`
	RecordingSubject string   `json:"recordingSubject"`
	Months           []string `json:"months"`
}

func (w WebinarsSection) Validate() error {
	if len(w.Months) != 12 {
		return fmt.Errorf("months: want 12 names, have %d", len(w.Months))
	}
	return nil
}

func (WebinarsSection) reads() []string { return []string{"webinars"} }

// ReviewsSection shows the reviews collection. The same records make the
// Organization's reviews and aggregate rating in every page's structured
// data, which must describe what visitors can see: Load refuses reviews
// that no page shows. RatingLabel says the rating in words, with {rating}
// and {best} (e.g. "Rated {rating} out of {best}"); Months names the months
// of the dates, January first.
type ReviewsSection struct {
	ID          string   `json:"id,omitempty"`
	Eyebrow     string   `json:"eyebrow,omitempty"`
	Heading     string   `json:"heading"`
	Intro       string   `json:"intro,omitempty"`
	RatingLabel string   `json:"ratingLabel"`
	Months      []string `json:"months"`
}

func (r ReviewsSection) Validate() error {
	if len(r.Months) != 12 {
		return fmt.Errorf("months: want 12 names, have %d", len(r.Months))
	}
	if !strings.Contains(r.RatingLabel, "{rating}") {
		return fmt.Errorf("ratingLabel %q must contain {rating}", r.RatingLabel)
	}
	return nil
}

func (ReviewsSection) reads() []string { return []string{"reviews"} }

// PulseDashboardSection is the illustrative dashboard drawn in CSS: sample
// figures, a positive-sentiment bar and the top themes of a sample study.
type PulseDashboardSection struct {
	Heading string      `json:"heading"`
	Intro   string      `json:"intro"`
	Title   string      `json:"title"`
	Badge   string      `json:"badge"`
	Metrics []BlockStat `json:"metrics"`
	// Sentiment is the share of positive answers (0-100) the bar shows.
	Sentiment      int      `json:"sentiment"`
	SentimentLabel string   `json:"sentimentLabel"`
	ThemesTitle    string   `json:"themesTitle"`
	Themes         []string `json:"themes"`
	Note           string   `json:"note"`
}

func (d PulseDashboardSection) Validate() error {
	if d.Sentiment < 0 || d.Sentiment > 100 {
		return fmt.Errorf("sentiment %d must be between 0 and 100", d.Sentiment)
	}
	return nil
}

// IntegrationsSection lists named products and the kind of tool each is.
type IntegrationsSection struct {
	Heading string        `json:"heading"`
	Intro   string        `json:"intro"`
	Items   []Integration `json:"items"`
}

type Integration struct {
	Name     string `json:"name"`
	Category string `json:"category"`
}

// NotFoundSection is the body of the not-found page.
type NotFoundSection struct {
	Heading    string `json:"heading"`
	Text       string `json:"text"`
	ReturnHome string `json:"returnHome"`
}
