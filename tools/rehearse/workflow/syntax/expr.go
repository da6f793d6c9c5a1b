package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// Contexts answers the property paths of an expression (github.ref,
// matrix.stage, steps.deploy.outputs.site-url). A missing property is ""
// as on GitHub; a context the rehearsal does not keep is an error.
type Contexts func(path []string) (any, error)

// Interpolate replaces every ${{ expr }} of s with its value as a string.
func Interpolate(s string, ctx Contexts) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return "", fmt.Errorf("%q: ${{ without }}", s)
		}
		v, err := Eval(s[i+3:i+j], ctx)
		if err != nil {
			return "", err
		}
		b.WriteString(s[:i])
		b.WriteString(str(v))
		s = s[i+j+2:]
	}
}

// Eval evaluates one expression: property paths, 'strings', numbers,
// true/false/null, ==, !=, !, && and || with parentheses. That is every
// expression our workflows use; a function call is an error rather than
// a guess.
func Eval(src string, ctx Contexts) (any, error) {
	src = strings.TrimSpace(src)
	src = strings.TrimSuffix(strings.TrimPrefix(src, "${{"), "}}")
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &exprParser{toks: toks, ctx: ctx, src: src}
	v, err := p.or()
	if err == nil && p.i < len(p.toks) {
		err = fmt.Errorf("expression %q: unexpected %q", src, p.toks[p.i])
	}
	return v, err
}

// Truthy is GitHub's truth of a value: false, 0, "" and null are false.
func Truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v != ""
	}
	return true
}

func str(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

func lex(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case strings.HasPrefix(s[i:], "==") || strings.HasPrefix(s[i:], "!=") || strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			toks = append(toks, s[i:i+2])
			i += 2
		case strings.ContainsRune("()!.[],", rune(c)):
			toks = append(toks, s[i:i+1])
			i++
		case c == '\'':
			j := i + 1
			var b strings.Builder
			for ; j < len(s); j++ {
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						b.WriteByte('\'')
						j++
						continue
					}
					break
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, fmt.Errorf("expression %q: unterminated string", s)
			}
			toks = append(toks, "'"+b.String())
			i = j + 1
		case c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] == '-' || s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("expression %q: unexpected %q", s, c)
		}
	}
	return toks, nil
}

type exprParser struct {
	toks []string
	i    int
	ctx  Contexts
	src  string
}

func (p *exprParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *exprParser) or() (any, error) {
	l, err := p.and()
	for err == nil && p.peek() == "||" {
		p.i++
		var r any
		r, err = p.and()
		if !Truthy(l) {
			l = r
		}
	}
	return l, err
}

func (p *exprParser) and() (any, error) {
	l, err := p.cmp()
	for err == nil && p.peek() == "&&" {
		p.i++
		var r any
		r, err = p.cmp()
		if Truthy(l) {
			l = r
		}
	}
	return l, err
}

func (p *exprParser) cmp() (any, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	if op := p.peek(); op == "==" || op == "!=" {
		p.i++
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		// GitHub compares strings ignoring case.
		eq := strings.EqualFold(str(l), str(r))
		return eq == (op == "=="), nil
	}
	return l, nil
}

func (p *exprParser) unary() (any, error) {
	if p.peek() == "!" {
		p.i++
		v, err := p.unary()
		return !Truthy(v), err
	}
	return p.primary()
}

func (p *exprParser) primary() (any, error) {
	t := p.peek()
	p.i++
	switch {
	case t == "":
		return nil, fmt.Errorf("expression %q: ends early", p.src)
	case t == "(":
		v, err := p.or()
		if err == nil && p.peek() != ")" {
			err = fmt.Errorf("expression %q: missing )", p.src)
		}
		p.i++
		return v, err
	case t[0] == '\'':
		return t[1:], nil
	case t == "true" || t == "false":
		return t == "true", nil
	case t == "null":
		return nil, nil
	case t[0] >= '0' && t[0] <= '9' || t[0] == '-':
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return nil, fmt.Errorf("expression %q: %q is not a number", p.src, t)
		}
		return f, nil
	}
	if p.peek() == "(" {
		return nil, fmt.Errorf("expression %q: function %s() is not rehearsed", p.src, t)
	}
	path := []string{t}
	for {
		switch p.peek() {
		case ".":
			p.i++
			path = append(path, p.peek())
			p.i++
			continue
		case "[":
			p.i++
			k := p.peek()
			p.i++
			if p.peek() != "]" || !strings.HasPrefix(k, "'") {
				return nil, fmt.Errorf("expression %q: only ['name'] indexes are rehearsed", p.src)
			}
			p.i++
			path = append(path, k[1:])
			continue
		}
		break
	}
	v, err := p.ctx(path)
	if err != nil {
		return nil, fmt.Errorf("expression %q: %w", p.src, err)
	}
	return v, nil
}
