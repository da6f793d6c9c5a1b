package content

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
)

// SetImages renders the article's images into its HTML, as SetImages
// does.
func (a *ArticleSection) SetImages(render func(Image) string) {
	a.HTML = SetImages(a.HTML, a.Images, render)
}

// SetImages renders imgs into the placeholders of the HTML text with
// render; an image render does not know is written as a plain <img>.
func SetImages(text string, imgs []Image, render func(Image) string) string {
	return imageComment.ReplaceAllStringFunc(text, func(c string) string {
		i, _ := strconv.Atoi(imageComment.FindStringSubmatch(c)[1])
		if i >= len(imgs) {
			return ""
		}
		if render != nil {
			if s := render(imgs[i]); s != "" {
				return s
			}
		}
		img := imgs[i]
		return fmt.Sprintf(`<img src="%s" alt="%s" width="%d" height="%d" loading="lazy" decoding="async">`,
			html.EscapeString(img.Src), html.EscapeString(img.Alt), img.Width, img.Height)
	})
}

var imageComment = regexp.MustCompile(`<!--image:(\d+)-->`)
