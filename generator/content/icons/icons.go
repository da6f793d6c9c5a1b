// Package icons is the app's icon set as the build knows it: the names
// of frontend/src/components/ui/icon.tsx, generated into icons_gen.go
// (Generate; make types), so that content naming an icon the app cannot
// draw fails the build (field.Icon) instead of drawing a placeholder.
package icons

import "slices"

// Names returns the names of the icons the app can draw, in order.
func Names() []string { return slices.Clone(names) }

// Has reports whether the app can draw the icon called name.
func Has(name string) bool { return slices.Contains(names, name) }
