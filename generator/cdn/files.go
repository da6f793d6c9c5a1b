package cdn

import (
	"encoding/json"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/prpreview"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/contactform"
	"github.com/vozia/site/internal/routing"
)

// EnquiriesFile holds the site's products as the contact functions take
// them (contactform.Enquiries): the deployment passes it to both as
// CONTACT_ENQUIRIES, the local servers read it beside the site they serve.
const EnquiriesFile = contactform.EnquiriesFile

// Files are the routing files of a build (dist/cdn): the manifest
// (routes.json), the same rules as a CloudFront Function, the previews'
// functions (every build writes them, so that the previews' stack is
// deployed from main's build) and, in a preview's build (pv not nil), its
// routing table; and the site's products as the contact functions take
// them (EnquiriesFile). paths are the site's files, relative to its root.
func Files(site *content.Site, inline Inline, paths []string, pv *prpreview.Preview) (*routing.Manifest, []atomicdir.File, error) {
	m := Manifest(site, inline)
	if pv != nil {
		m.Headers[0].Values["X-Robots-Tag"] = prpreview.RobotsTag
	}
	viewerRequest, err := ViewerRequest(m, paths)
	if err != nil {
		return nil, nil, err
	}
	// Every build writes the previews' functions too, so that the previews'
	// stack is deployed from main's build; a preview's build adds its table.
	previewRequest, previewResponse, err := PreviewFunctions()
	if err != nil {
		return nil, nil, err
	}
	enquiries, err := json.Marshal(site.Config.Enquiries())
	if err != nil {
		return nil, nil, err
	}
	cdnFiles := []atomicdir.File{
		{Path: "routes.json", Data: m.Marshal()}, {Path: ViewerRequestFile, Data: viewerRequest},
		{Path: PreviewRequestFile, Data: previewRequest}, {Path: PreviewResponseFile, Data: previewResponse},
		{Path: EnquiriesFile, Data: append(enquiries, '\n')},
	}
	if pv != nil {
		keys, err := PreviewKeys(pv.PR, m, paths)
		if err != nil {
			return nil, nil, err
		}
		cdnFiles = append(cdnFiles, atomicdir.File{Path: PreviewKeysFile, Data: keys})
	}
	return m, cdnFiles, nil
}
