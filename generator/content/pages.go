package content

// pageCopyTypes maps each page key of the route table to a constructor of
// its copy type, decoded from content/pages/<page>.yaml (or the route's
// Copy file). A nil constructor means the page has no copy file.
var pageCopyTypes = map[string]func() any{
	"home":             func() any { return new(HomeCopy) },
	"voice-ai":         func() any { return new(SolutionCopy) },
	"text-ai":          func() any { return new(SolutionCopy) },
	"pulse":            func() any { return new(PulseCopy) },
	"health-companion": func() any { return new(HealthCompanionCopy) },
	"use-cases":        func() any { return new(UseCasesCopy) },
	"platform":         func() any { return new(PlatformCopy) },
	"services":         func() any { return new(ServicesCopy) },
	"case-studies":     func() any { return new(CaseStudiesCopy) },
	"resources":        func() any { return new(ResourcesCopy) },
	"about":            func() any { return new(AboutCopy) },
	"partners":         func() any { return new(PartnersCopy) },
	"legal":            func() any { return new(LegalCopy) },
	"not-found":        func() any { return new(NotFoundCopy) },
	"redirect":         nil,
}

// BasicCopy is a page with a heading and an introduction.
type BasicCopy struct {
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
}

// LegalCopy is shared by the legal pages; their bodies are Markdown.
type LegalCopy struct {
	BackToHome string `json:"backToHome"`
}

type NotFoundCopy struct {
	Heading    string `json:"heading"`
	Text       string `json:"text"`
	ReturnHome string `json:"returnHome"`
}
