package content

func init() {
	registerKind[CaseStudyGridSection](sectionKind{
		Name:        "case-study-grid",
		Interactive: true,
		Doc:         "The case studies (from the caseStudies collection) as cards, each opening the story in a dialog.",
	})
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
