// Package yamlsyntax places a YAML syntax error where the editor made it.
//
// yaml.v3 names the line where a block starts, one far below the mistake,
// or none, and words its errors for a parser's author ("did not find
// expected key"). Error reads the file's lines as an editor writes them
// (two spaces a level, a list's dashes, brackets and quotes on one line)
// and names the first line that breaks the structure of the lines above
// it, its column, and what to type. It also refuses what yaml.v3 reads
// without a word but an editor never means: the file's first line
// indented (FirstLineIndented: the lines left of it are dropped), and a
// quote left open that swallows lines reading as keys (QuoteLeftOpen).
//
// Every rule is a mistake editors made; TestNoStrayLineInValidYAML keeps
// each from blaming a line of valid YAML. The decoder (generator/decode)
// calls it only for a file yaml.v3 refused, or that it read.
package yamlsyntax
