package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Template is a synthesized CloudFormation template, as cdk synth writes it
// into the cloud assembly, with what the stand-up needs to resolve its
// intrinsic functions.
type Template struct {
	// Dir is the cloud assembly (cdk.out); assets are read from it.
	Dir       string
	StackName string
	// Path is the template's file, for messages.
	Path       string
	Resources  map[string]*Resource
	Parameters map[string]struct {
		Default any `json:"Default"`
	}
	Conditions map[string]any

	// Params are the values given for the template's parameters, as
	// `cdk deploy --parameters` gives them.
	Params map[string]string
	// Region and Account stand in for AWS::Region and AWS::AccountId.
	Region, Account string
	// refs and atts are what Ref and Fn::GetAtt of a resource resolve to,
	// once the stand-up has made it.
	refs map[string]string
	atts map[string]map[string]string
}

// Resource is one resource of the template.
type Resource struct {
	Type       string         `json:"Type"`
	Properties map[string]any `json:"Properties"`
	Condition  string         `json:"Condition"`
	Metadata   map[string]any `json:"Metadata"`
}

// LoadTemplate reads stack's template from the cloud assembly dir
// (manifest.json names its file).
func LoadTemplate(dir, stack string) (*Template, error) {
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("cloud assembly %s: %w (cdk synth writes it)", dir, err)
	}
	var m struct {
		Artifacts map[string]struct {
			Type       string `json:"type"`
			Properties struct {
				TemplateFile string `json:"templateFile"`
			} `json:"properties"`
		} `json:"artifacts"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "manifest.json"), err)
	}
	a, ok := m.Artifacts[stack]
	if !ok || a.Type != "aws:cloudformation:stack" {
		var have []string
		for name, a := range m.Artifacts {
			if a.Type == "aws:cloudformation:stack" {
				have = append(have, name)
			}
		}
		slices.Sort(have)
		return nil, fmt.Errorf("cloud assembly %s has no stack %q (it has %s)", dir, stack, strings.Join(have, ", "))
	}
	path := filepath.Join(dir, a.Properties.TemplateFile)
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTemplate(dir, stack, path, data)
}

// ParseTemplate reads a template's JSON (tests mutate it first).
func ParseTemplate(dir, stack, path string, data []byte) (*Template, error) {
	t := &Template{Dir: dir, StackName: stack, Path: path, Region: "us-east-1", Account: "123456789012",
		Params: map[string]string{}, refs: map[string]string{}, atts: map[string]map[string]string{}}
	if err := json.Unmarshal(data, t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Of returns the logical ids of the resources of type typ, sorted.
func (t *Template) Of(typ string) []string {
	var ids []string
	for id, r := range t.Resources {
		if r.Type == typ {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Made records what a resource resolves to once stood up: its Ref and its
// attributes.
func (t *Template) Made(id, ref string, atts map[string]string) {
	t.refs[id] = ref
	t.atts[id] = atts
}

// Resolve evaluates the intrinsic functions in v: Ref, Fn::GetAtt,
// Fn::Join, Fn::Sub, Fn::If (with the template's conditions), Fn::Select,
// Fn::Split and the pseudo parameters. A reference to a resource that the
// stand-up did not make is an error naming it.
func (t *Template) Resolve(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 1 {
			for k, arg := range v {
				if k == "Ref" || strings.HasPrefix(k, "Fn::") || k == "Condition" {
					return t.intrinsic(k, arg)
				}
			}
		}
		out := make(map[string]any, len(v))
		for k, x := range v {
			r, err := t.Resolve(x)
			if err != nil {
				return nil, err
			}
			if r != noValue {
				out[k] = r
			}
		}
		return out, nil
	case []any:
		var out []any
		for _, x := range v {
			r, err := t.Resolve(x)
			if err != nil {
				return nil, err
			}
			if r != noValue {
				out = append(out, r)
			}
		}
		return out, nil
	default:
		return v, nil
	}
}

// noValue is AWS::NoValue: the property is left out.
var noValue = &struct{ noValue bool }{}

// String resolves v to a string (numbers and booleans as the template
// spells them).
func (t *Template) String(v any) (string, error) {
	r, err := t.Resolve(v)
	if err != nil {
		return "", err
	}
	switch r := r.(type) {
	case string:
		return r, nil
	case float64:
		return strconv.FormatFloat(r, 'f', -1, 64), nil
	case bool:
		return strconv.FormatBool(r), nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("want a string, got %v", r)
}

func (t *Template) intrinsic(fn string, arg any) (any, error) {
	switch fn {
	case "Ref":
		name, _ := arg.(string)
		return t.ref(name)
	case "Fn::GetAtt":
		var id, att string
		switch a := arg.(type) {
		case []any:
			if len(a) == 2 {
				id, _ = a[0].(string)
				att, _ = a[1].(string)
			}
		case string:
			id, att, _ = strings.Cut(a, ".")
		}
		v, ok := t.atts[id][att]
		if !ok {
			return nil, fmt.Errorf("Fn::GetAtt %s.%s: the rehearsal does not stand up that resource or attribute", id, att)
		}
		return v, nil
	case "Fn::Join":
		a, _ := arg.([]any)
		if len(a) != 2 {
			return nil, fmt.Errorf("Fn::Join: want [separator, list]")
		}
		sep, _ := a[0].(string)
		list, err := t.Resolve(a[1])
		if err != nil {
			return nil, err
		}
		var parts []string
		for _, x := range list.([]any) {
			s, err := t.String(x)
			if err != nil {
				return nil, err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, sep), nil
	case "Fn::Select":
		a, _ := arg.([]any)
		if len(a) != 2 {
			return nil, errors.New("Fn::Select: want [index, list]")
		}
		i, err := t.String(a[0])
		if err != nil {
			return nil, err
		}
		n, _ := strconv.Atoi(i)
		list, err := t.Resolve(a[1])
		if err != nil {
			return nil, err
		}
		l, _ := list.([]any)
		if n < 0 || n >= len(l) {
			return nil, fmt.Errorf("Fn::Select: index %d of %d", n, len(l))
		}
		return l[n], nil
	case "Fn::Split":
		a, _ := arg.([]any)
		if len(a) != 2 {
			return nil, errors.New("Fn::Split: want [separator, string]")
		}
		sep, _ := a[0].(string)
		s, err := t.String(a[1])
		if err != nil {
			return nil, err
		}
		var out []any
		for _, p := range strings.Split(s, sep) {
			out = append(out, p)
		}
		return out, nil
	case "Fn::If":
		a, _ := arg.([]any)
		if len(a) != 3 {
			return nil, errors.New("Fn::If: want [condition, then, else]")
		}
		name, _ := a[0].(string)
		ok, err := t.Condition(name)
		if err != nil {
			return nil, err
		}
		if ok {
			return t.Resolve(a[1])
		}
		return t.Resolve(a[2])
	case "Fn::Sub":
		var s string
		vars := map[string]any{}
		switch a := arg.(type) {
		case string:
			s = a
		case []any:
			if len(a) == 2 {
				s, _ = a[0].(string)
				vars, _ = a[1].(map[string]any)
			}
		}
		var b strings.Builder
		for {
			i := strings.Index(s, "${")
			if i < 0 {
				b.WriteString(s)
				break
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return nil, fmt.Errorf("Fn::Sub: unclosed ${ in %q", s)
			}
			b.WriteString(s[:i])
			name := s[i+2 : i+j]
			s = s[i+j+1:]
			if strings.HasPrefix(name, "!") {
				b.WriteString("${" + name[1:] + "}")
				continue
			}
			var v any
			var err error
			if x, ok := vars[name]; ok {
				v, err = t.String(x)
			} else if id, att, ok := strings.Cut(name, "."); ok {
				v, err = t.intrinsic("Fn::GetAtt", []any{id, att})
			} else {
				v, err = t.ref(name)
			}
			if err != nil {
				return nil, err
			}
			b.WriteString(fmt.Sprint(v))
		}
		return b.String(), nil
	case "Condition":
		name, _ := arg.(string)
		return t.Condition(name)
	case "Fn::Equals", "Fn::Not", "Fn::And", "Fn::Or":
		return t.evalCondition(map[string]any{fn: arg})
	}
	return nil, fmt.Errorf("%s: not an intrinsic function the rehearsal resolves", fn)
}

func (t *Template) ref(name string) (any, error) {
	switch name {
	case "AWS::Region":
		return t.Region, nil
	case "AWS::AccountId":
		return t.Account, nil
	case "AWS::Partition":
		return "aws", nil
	case "AWS::StackName":
		return t.StackName, nil
	case "AWS::URLSuffix":
		return "amazonaws.com", nil
	case "AWS::NoValue":
		return noValue, nil
	case "AWS::StackId":
		return "arn:aws:cloudformation:" + t.Region + ":" + t.Account + ":stack/" + t.StackName + "/rehearsal", nil
	}
	if p, ok := t.Parameters[name]; ok {
		if v, ok := t.Params[name]; ok {
			return v, nil
		}
		if p.Default == nil {
			return nil, fmt.Errorf("parameter %s has no default and no value was given", name)
		}
		return fmt.Sprint(p.Default), nil
	}
	if v, ok := t.refs[name]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("Ref %s: the rehearsal does not stand up that resource", name)
}

// Condition evaluates one of the template's conditions.
func (t *Template) Condition(name string) (bool, error) {
	c, ok := t.Conditions[name]
	if !ok {
		return false, fmt.Errorf("condition %s is not in the template", name)
	}
	return t.evalCondition(c)
}

func (t *Template) evalCondition(c any) (bool, error) {
	m, _ := c.(map[string]any)
	for fn, arg := range m {
		a, _ := arg.([]any)
		switch fn {
		case "Condition":
			name, _ := arg.(string)
			return t.Condition(name)
		case "Fn::Equals":
			if len(a) != 2 {
				return false, errors.New("Fn::Equals: want two values")
			}
			x, err := t.String(a[0])
			if err != nil {
				return false, err
			}
			y, err := t.String(a[1])
			return x == y, err
		case "Fn::Not", "Fn::And", "Fn::Or":
			var vals []bool
			for _, x := range a {
				v, err := t.evalCondition(x)
				if err != nil {
					return false, err
				}
				vals = append(vals, v)
			}
			switch fn {
			case "Fn::Not":
				return len(vals) == 1 && !vals[0], nil
			case "Fn::And":
				return !slices.Contains(vals, false), nil
			default:
				return slices.Contains(vals, true), nil
			}
		}
	}
	return false, fmt.Errorf("condition %v: not one the rehearsal evaluates", c)
}
