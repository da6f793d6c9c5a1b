package sections

import (
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

func init() {
	content.RegisterKind[FoundersSection](content.Kind{
		Name:      "founders",
		LeadPlace: "avatar",
		Doc:       "The company statement, the founders (from the founders collection) and the mission.",
	})
}

type FoundersSection struct {
	Eyebrow       string `json:"eyebrow,omitempty"`
	Heading       string `json:"heading"`
	Statement     string `json:"statement"`
	FoundersTitle string `json:"foundersTitle"`
	// ProfileLabel is the text of each founder's profile link, and must
	// contain {name}, replaced with the founder's name.
	ProfileLabel string         `yaml:"profileLabel" json:"-" fill:"name"`
	MissionTitle string         `json:"missionTitle"`
	MissionText  string         `json:"missionText"`
	MoreLink     content.Action `json:"moreLink"`
}

func (FoundersSection) Reads() []string { return []string{"founders"} }

// Validate refuses a profile link text without {name}: every founder's
// link would read the same, and a visitor who hears the links read out
// alone could not tell them apart.
func (v FoundersSection) Validate() error {
	if !strings.Contains(v.ProfileLabel, "{name}") {
		return field.AtField("profileLabel", "profileLabel %q must contain {name}: each founder's link says whose profile it opens", v.ProfileLabel)
	}
	return nil
}

func (v FoundersSection) WordRecords(c *content.Collections, _ siteconfig.SiteConfig) {
	c.Founders = content.CloneEach(c.Founders, func(f *content.Founder) {
		f.ProfileLabel = content.Fill(v.ProfileLabel, "{name}", f.Name)
	})
}
