package content

import "fmt"

// ResourcesCopy is the copy of /resources; its records are the resources
// and webinars collections.
type ResourcesCopy struct {
	Hero     BlockHero         `json:"hero"`
	Library  ResourcesLibrary  `json:"library"`
	Webinars ResourcesWebinars `json:"webinars"`
	CTA      BlockCTA          `json:"cta"`
}

// ResourcesLibrary labels the downloadable items. Until a resource has a
// downloadUrl, its button asks for the file by e-mail and Pending says so.
type ResourcesLibrary struct {
	Heading       string `json:"heading"`
	Intro         string `json:"intro"`
	DownloadLabel string `json:"downloadLabel"`
	RequestLabel  string `json:"requestLabel"`
	// RequestSubject prefixes the e-mail subject; the title follows.
	RequestSubject string `json:"requestSubject"`
	Pending        string `json:"pending"`
}

// ResourcesWebinars labels the webinars. Months names the months for the
// dates, January first, so that the page renders the same in the build and
// the browser.
type ResourcesWebinars struct {
	Heading         string   `json:"heading"`
	Intro           string   `json:"intro"`
	SpeakerLabel    string   `json:"speakerLabel"`
	RegisterLabel   string   `json:"registerLabel"`
	RegisterSubject string   `json:"registerSubject"`
	RegisterNote    string   `json:"registerNote"`
	Months          []string `json:"months"`
}

func (w ResourcesWebinars) Validate() error {
	if len(w.Months) != 12 {
		return fmt.Errorf("months: want 12 names, have %d", len(w.Months))
	}
	return nil
}
