package content

import "fmt"

// HomeCopy is content/pages/home.yaml: every word of the home page that is
// not a collection record (services, case studies, founders and FAQ come
// from content/collections).
type HomeCopy struct {
	Hero          HomeHero          `json:"hero"`
	Research      CardSection       `json:"research"`
	BusinessLines HomeBusinessLines `json:"businessLines"`
	CaseStudies   HomeCaseStudies   `json:"caseStudies"`
	About         HomeAbout         `json:"about"`
	FAQ           HomeFAQ           `json:"faq"`
	Features      CardSection       `json:"features"`
}

type HomeHero struct {
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
	Icon        string `json:"icon"`
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

// CardSection is a section heading, an introduction and cards.
type CardSection struct {
	Eyebrow string `json:"eyebrow,omitempty"`
	Heading string `json:"heading"`
	Intro   string `json:"intro,omitempty"`
	Cards   []Card `json:"cards"`
}

// Card is an icon, a title and a text; Stat, when set, is a highlighted
// figure (from SPEC section 9 only).
type Card struct {
	Icon  string `json:"icon"`
	Title string `json:"title"`
	Text  string `json:"text"`
	Stat  string `json:"stat,omitempty"`
}

type HomeBusinessLines struct {
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

// Product is a product card: bullets and a link to the product's site.
type Product struct {
	Icon    string   `json:"icon"`
	Eyebrow string   `json:"eyebrow"`
	Title   string   `json:"title"`
	Text    string   `json:"text"`
	Bullets []string `json:"bullets"`
	Link    Action   `json:"link"`
}

type HomeCaseStudies struct {
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

type HomeAbout struct {
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

type HomeFAQ struct {
	Eyebrow     string `json:"eyebrow,omitempty"`
	Heading     string `json:"heading"`
	Intro       string `json:"intro"`
	ContactText string `json:"contactText"`
	Contact     Action `json:"contact"`
}
