// Package contactform holds what the contact form and the contact function
// must agree on, written once: the build puts it in the site data the form
// is drawn from, and functions/contact validates enquiries against it.
package contactform

// CompanySizes are the options of the form's company-size select, in
// order; an enquiry must name one of them.
var CompanySizes = []string{"1-50", "51-250", "251-500", ">500"}
