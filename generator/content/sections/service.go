package sections

import (
	"fmt"

	"github.com/vozia/site/generator/content"
)

func init() {
	content.RegisterKind[ServiceSection](content.Kind{
		Name:          "service",
		Doc:           "A service's page, made by the build for each record of the services collection (never written in a page); the sections after the services section of the page that lists them follow it.",
		OwnBackground: true,
	})
}

// ServiceSection is a service's page body (details.go): the record, the
// listing section's call to action, and the page's breadcrumbs.
type ServiceSection struct {
	Service content.Service     `json:"service" yaml:"-"`
	Action  content.BlockAction `json:"action" yaml:"-"`
	// IndexURL is the page that lists the services.
	IndexURL string               `json:"indexUrl" yaml:"-"`
	Trail    []content.Breadcrumb `json:"trail" yaml:"-"`
}

func (ServiceSection) Validate() error {
	return fmt.Errorf("sections of kind service are made by the build for each record of %s; add a record there instead", content.CollectionFile("services"))
}
