// Package contactform holds what the contact form and the contact function
// must agree on, written once: the build puts it in the site data the form
// is drawn from, and functions/contact validates enquiries against it.
package contactform

// CompanySizes are the options of the form's company-size select, in
// order; an enquiry must name one of them.
var CompanySizes = []string{"1-50", "51-250", "251-500", ">500"}

// The form's lower bounds (SPEC section 5), in characters that show, and
// how long a person needs at least to fill the form in. The contact
// function enforces them, and the form checks them before sending.
const (
	MinName    = 2 // the first name and the last name, each
	MinPhone   = 10
	MinMessage = 10
	MinFillMs  = 3000
)

// Limits are the same bounds as data, for the form (site data, layout.contactForm.limits).
type Limits struct {
	MinName    int `json:"minName"`
	MinPhone   int `json:"minPhone"`
	MinMessage int `json:"minMessage"`
	MinFillMs  int `json:"minFillMs"`
}

// FormLimits returns the bounds the form must check.
func FormLimits() Limits {
	return Limits{MinName: MinName, MinPhone: MinPhone, MinMessage: MinMessage, MinFillMs: MinFillMs}
}
