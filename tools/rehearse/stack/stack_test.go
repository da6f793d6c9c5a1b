package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The rehearsal needs the synthesized cloud assembly that make rehearse-stack
// writes (the site built, the functions packaged, cdk synth); go test
// alone, without it, has nothing to stand up.
const cdkOutEnv = "REHEARSE_CDK_OUT"

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// template loads the synthesized template, passing it through mutate (a
// test's change to the stack) as JSON first.
func template(t *testing.T, mutate func(res map[string]any)) *Template {
	t.Helper()
	dir := os.Getenv(cdkOutEnv)
	if dir == "" {
		t.Skipf("%s is not set: make rehearse-stack synthesizes the stack and runs this test", cdkOutEnv)
	}
	stack := "VoziaSite-staging"
	orig, err := LoadTemplate(dir, stack)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(orig.Path)
	if err != nil {
		t.Fatal(err)
	}
	if mutate != nil {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		mutate(doc["Resources"].(map[string]any))
		data, _ = json.Marshal(doc)
	}
	tpl, err := ParseTemplate(dir, stack, orig.Path, data)
	if err != nil {
		t.Fatal(err)
	}
	tpl.Params = RehearsalParams
	return tpl
}

// resourceOf returns the one resource of typ whose logical id starts with
// prefix (CDK appends a hash).
func resourceOf(t *testing.T, res map[string]any, typ, prefix string) map[string]any {
	t.Helper()
	var found []map[string]any
	for id, r := range res {
		m := r.(map[string]any)
		if m["Type"] == typ && strings.HasPrefix(id, prefix) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d resources %s %s*", len(found), typ, prefix)
	}
	return found[0]["Properties"].(map[string]any)
}

func envOf(t *testing.T, res map[string]any, prefix string) map[string]any {
	t.Helper()
	p := resourceOf(t, res, "AWS::Lambda::Function", prefix)
	return p["Environment"].(map[string]any)["Variables"].(map[string]any)
}

// TestMutationsFail: a stack changed on one side of a seam only is refused
// before anything runs, with a message that names the seam.
func TestMutationsFail(t *testing.T) {
	if err := Check(template(t, nil)); err != nil {
		t.Fatalf("the stack as synthesized: %v", err)
	}
	for _, c := range []struct {
		name   string
		mutate func(t *testing.T, res map[string]any)
		want   []string
	}{
		{"a function's variable renamed in the stack but not in the code", func(t *testing.T, res map[string]any) {
			env := envOf(t, res, "EnquiriesDeliver")
			env["CONTACT_DELIVERY_QUEUE_URL"] = env["CONTACT_QUEUE_URL"]
			delete(env, "CONTACT_QUEUE_URL")
		}, []string{"seam template -> function", "CONTACT_DELIVERY_QUEUE_URL", "EnquiriesDeliver", "never reads it"}},
		{"the delivery queue without its redrive policy", func(t *testing.T, res map[string]any) {
			delete(resourceOf(t, res, "AWS::SQS::Queue", "EnquiriesQueue"), "RedrivePolicy")
		}, []string{"seam queue -> function", "EnquiriesQueue", "no RedrivePolicy", "no dead letter"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Check(template(t, func(res map[string]any) { c.mutate(t, res) }))
			if err == nil {
				t.Fatal("the mutated stack passed")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error does not say %q:\n%v", w, err)
				}
			}
			t.Logf("refused: %v", err)
		})
	}
}

// TestRequiredVariableRenamedFailsAtStart: the function itself refuses the
// environment it is given when a variable it needs was renamed, and the
// stand-up says which function, in the function's own words (even where the
// renamed name still appears in the code, which Check cannot see).
func TestRequiredVariableRenamedFailsAtStart(t *testing.T) {
	tpl := template(t, func(res map[string]any) {
		env := envOf(t, res, "Contact")
		env["CONTACT_QUEUE"] = env["CONTACT_QUEUE_URL"]
		delete(env, "CONTACT_QUEUE_URL")
	})
	s, err := Up(context.Background(), tpl, Options{Root: repoRoot(t), Tools: DefaultTools(repoRoot(t)), Work: t.TempDir(), Log: testLog(t)})
	if err == nil {
		s.Close()
		t.Fatal("the stand-up passed")
	}
	for _, w := range []string{"seam template -> function", "Contact", "CONTACT_QUEUE_URL is not set"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the error does not say %q:\n%v", w, err)
		}
	}
	t.Logf("refused: %v", err)
}

// testLog is the stand-up's log in the test's output.
func testLog(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(tlog{t}, nil))
}

type tlog struct{ t *testing.T }

func (l tlog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
