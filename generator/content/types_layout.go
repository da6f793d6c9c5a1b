package content

// Layout is content/layout.yaml: the copy of the parts every page shares
// (navigation, footer, contact form, floating button, cookie consent).
type Layout struct {
	Nav             Nav             `json:"nav"`
	Footer          Footer          `json:"footer"`
	ContactForm     ContactForm     `json:"contactForm"`
	FloatingContact FloatingContact `json:"floatingContact"`
	Consent         Consent         `json:"consent"`
}

// NavLink is a labelled link; External ones open in a new tab.
type NavLink struct {
	Label    string `json:"label"`
	Href     Link   `json:"href"`
	External bool   `json:"external,omitempty"`
}

type NavGroup struct {
	Label string    `json:"label"`
	Items []NavLink `json:"items"`
}

type Nav struct {
	Home         NavLink    `json:"home"`
	Solutions    NavGroup   `json:"solutions"`
	Links        []NavLink  `json:"links"`
	DemoLabel    string     `json:"demoLabel"`
	MobileGroups []NavGroup `json:"mobileGroups"`
	ContactLabel string     `json:"contactLabel"`
	OpenMenu     string     `json:"openMenu"`
	CloseMenu    string     `json:"closeMenu"`
}

type Footer struct {
	Tagline             string         `json:"tagline"`
	Columns             []FooterColumn `json:"columns"`
	OtherSitesTitle     string         `json:"otherSitesTitle"`
	SocialTitle         string         `json:"socialTitle"`
	LegalLinks          []NavLink      `json:"legalLinks"`
	CookieSettingsLabel string         `json:"cookieSettingsLabel"`
	// Copyright contains {year}, replaced with the current year.
	Copyright string `json:"copyright"`
}

type FooterColumn struct {
	Title string    `json:"title"`
	Links []NavLink `json:"links"`
}

type ContactForm struct {
	Heading     string       `json:"heading"`
	Intro       string       `json:"intro"`
	InfoHeading string       `json:"infoHeading"`
	Info        []InfoItem   `json:"info"`
	Fields      FormFields   `json:"fields"`
	SizeOptions []string     `json:"sizeOptions"`
	Submit      string       `json:"submit"`
	Sending     string       `json:"sending"`
	Errors      FormMessages `json:"errors"`
	Success     Notice       `json:"success"`
	Failure     Notice       `json:"failure"`
	Suspicious  Notice       `json:"suspicious"`
}

type InfoItem struct {
	Icon  string `json:"icon"`
	Label string `json:"label"`
	Text  string `json:"text"`
	Href  Link   `json:"href,omitempty"`
}

// FormFields are the labels (and placeholder hints) of the form's fields.
type FormFields struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	CompanySize string `json:"companySize"`
	SizePrompt  string `json:"sizePrompt"`
	Message     string `json:"message"`
}

// FormMessages are the validation messages of SPEC section 5, by field.
type FormMessages struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	CompanySize string `json:"companySize"`
	Message     string `json:"message"`
}

// Notice is a toast: a title and a text.
type Notice struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

type FloatingContact struct {
	Label string `json:"label"`
}

type Consent struct {
	Text          string          `json:"text"`
	PolicyLabel   string          `json:"policyLabel"`
	Preferences   string          `json:"preferences"`
	RejectAll     string          `json:"rejectAll"`
	AcceptAll     string          `json:"acceptAll"`
	DialogTitle   string          `json:"dialogTitle"`
	DialogIntro   string          `json:"dialogIntro"`
	Save          string          `json:"save"`
	Close         string          `json:"close"`
	Essential     ConsentCategory `json:"essential"`
	AnalyticsCat  ConsentCategory `json:"analytics"`
	MarketingCat  ConsentCategory `json:"marketing"`
	AlwaysOnLabel string          `json:"alwaysOnLabel"`
}

type ConsentCategory struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}
