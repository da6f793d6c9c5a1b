package content

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/vozia/site/generator/content/icons"
)

// Icon is the name of an icon of the site's icon set, the one of
// frontend/src/components/ui/icon.tsx (package icons lists it), so that a
// name the app cannot draw fails the build instead of drawing a
// placeholder. In TypeScript it is that file's IconName.
type Icon string

func (i *Icon) UnmarshalText(b []byte) error {
	s := string(b)
	if !icons.Has(s) {
		return fmt.Errorf("unknown icon %q%s (content/README.md lists the icons)", s, didYouMean(s, icons.Names()))
	}
	*i = Icon(s)
	return nil
}

// HexColor is a colour written as #RRGGBB.
type HexColor string

func (c *HexColor) UnmarshalText(b []byte) error {
	s := string(b)
	if len(s) != 7 || s[0] != '#' || !isHex(s[1:]) {
		return fmt.Errorf("colour %q must be written #RRGGBB, like #FF6B35", s)
	}
	*c = HexColor(s)
	return nil
}

// RGBA is the colour, opaque; an empty one is black.
func (c HexColor) RGBA() color.RGBA {
	rgba := color.RGBA{A: 255}
	fmt.Sscanf(strings.TrimPrefix(string(c), "#"), "%02x%02x%02x", &rgba.R, &rgba.G, &rgba.B)
	return rgba
}

func isHex(s string) bool {
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}
