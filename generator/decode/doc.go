// Package decode reads one YAML document of content/ strictly into a
// generator/content type, and returns every problem at its line and
// column:
//
//   - the document is parsed once, by yaml.v3, within budgets of size,
//     depth and values (aliases expanded), each refused where it is passed;
//     a syntax error is placed where the editor made it (yamlsyntax);
//   - a value written in another shape than its field's (a text where a
//     list belongs, say) is refused with what to type instead (shape.go);
//   - keys are the json tag names, a key is required unless tagged
//     omitempty, required text must not be blank and required lists not
//     empty, unknown and duplicate keys are problems with a "did you
//     mean", a section's kind: selects the struct of its other keys, and
//     each type's Validate runs, its field errors reported at the field;
//   - every text is checked for control characters (text.go) and
//     template syntax, and its citations of claims are replaced
//     (claims.go), so that no text leaves the decoder with a citation or
//     a placeholder its field does not fill;
//   - links (field.Link) are returned with their positions, for the
//     link checker's findings after rendering.
package decode
