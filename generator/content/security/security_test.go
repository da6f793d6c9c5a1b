package security

import (
	"strings"
	"testing"
)

// The keyword that spares a text the patterns never spares one they
// match: each spelling of each framework is found, in any case, in an
// ASCII text and in one that is not (where the keyword is not used).
func TestCheckFrameworksFindsEverySpelling(t *testing.T) {
	s := &Security{}
	for name, spellings := range map[string][]string{
		"SOC 2":     {"SOC 2", "soc-2", "SOC2", "Soc II"},
		"HIPAA":     {"HIPAA", "hipaa"},
		"GDPR":      {"GDPR", "Gdpr"},
		"ISO 27001": {"ISO 27001", "ISO/IEC 27001", "iso-27001", "ISO27001"},
		"ISO 27701": {"ISO 27701", "iso/iec 27701"},
		"HITRUST":   {"HITRUST", "HiTrust"},
		"PCI DSS":   {"PCI DSS", "pci-dss", "PCIDSS"},
		"FedRAMP":   {"FedRAMP", "FEDRAMP"},
	} {
		for _, sp := range spellings {
			for _, text := range []string{"We follow " + sp + ".", "Wé follow " + sp + "."} {
				got := s.CheckFrameworks(text)
				if len(got) != 1 || !strings.Contains(got[0].Msg, "names "+name+",") {
					t.Errorf("%q: %+v, want it to name %s", text, got, name)
				}
			}
		}
	}
	if got := s.CheckFrameworks("A text with Capitals and no framework, socks and isotopes."); len(got) != 0 {
		t.Errorf("found %+v in a text that names none", got)
	}
}
