package content

func init() {
	registerKind[FoundersSection](sectionKind{
		Name: "founders",
		Doc:  "The company statement, the founders (from the founders collection) and the mission.",
	})
}

type FoundersSection struct {
	Eyebrow       string `json:"eyebrow,omitempty"`
	Heading       string `json:"heading"`
	Statement     string `json:"statement"`
	FoundersTitle string `json:"foundersTitle"`
	// ProfileLabel is the text of each founder's profile link; {name} is
	// replaced.
	ProfileLabel string `yaml:"profileLabel" json:"-" fill:"name"`
	MissionTitle string `json:"missionTitle"`
	MissionText  string `json:"missionText"`
	MoreLink     Action `json:"moreLink"`
}

func (FoundersSection) reads() []string { return []string{"founders"} }

func (v FoundersSection) wordRecords(c *Collections, _ SiteConfig) {
	c.Founders = cloneEach(c.Founders, func(f *Founder) {
		f.ProfileLabel = fill(v.ProfileLabel, "{name}", f.Name)
	})
}
