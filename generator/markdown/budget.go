package markdown

import (
	"bytes"
	"fmt"
)

// Budgets of a text's shape. goldmark's time grows with the square (or
// more) of two things in a text: the brackets of one paragraph (each "["
// may open a link whose end is looked for to the paragraph's end), and the
// quotes and lists a line opens ("> > > - ..."). Real prose has a few of
// each; a hostile text with a hundred thousand took minutes. Both are
// counted in one pass before the text is parsed.
const (
	// MaxBrackets is how many "[" one paragraph (a block of lines with no
	// blank line, outside fenced code) may hold.
	MaxBrackets = 200
	// MaxNesting is how many quotes and list items one line may open.
	MaxNesting = 8
)

// Budget is the first place where src passes a budget of its shape, or
// nil when it does not.
func Budget(src []byte) *Problem {
	brackets := 0
	var fence []byte
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		line := src[off:end]
		trimmed := bytes.TrimLeft(line, " \t")
		switch {
		case fence != nil:
			if bytes.HasPrefix(trimmed, fence) {
				fence = nil
			}
		case bytes.HasPrefix(trimmed, []byte("```")) || bytes.HasPrefix(trimmed, []byte("~~~")):
			fence = trimmed[:3]
		case len(bytes.TrimSpace(line)) == 0:
			brackets = 0
		default:
			if n, at := nesting(line); n > MaxNesting {
				return &Problem{off + at, fmt.Sprintf("this line opens more than %d quotes and lists: nest them less deeply", MaxNesting)}
			}
			for i, c := range line {
				if c == '[' {
					if brackets++; brackets > MaxBrackets {
						return &Problem{off + i, fmt.Sprintf("this paragraph holds more than %d \"[\": split it with a blank line", MaxBrackets)}
					}
				}
			}
		}
		off = end + 1
	}
	return nil
}

// nesting is how many quotes and list items line opens, and the offset
// of the first past MaxNesting.
func nesting(line []byte) (n, at int) {
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		switch {
		case j < len(line) && line[j] == '>':
			j++
		case j+1 < len(line) && (line[j] == '-' || line[j] == '*' || line[j] == '+') && (line[j+1] == ' ' || line[j+1] == '\t'):
			j++
		default:
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j == i || j+1 >= len(line) || (line[j] != '.' && line[j] != ')') || (line[j+1] != ' ' && line[j+1] != '\t') {
				return n, at
			}
			j++
		}
		if n == MaxNesting {
			at = i // the first one too many
		}
		n, i = n+1, j
	}
}
