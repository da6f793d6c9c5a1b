// Package cmdtest runs a command's main in a child process of its test,
// for what only main decides: the exit status.
package cmdtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// childEnv names the argument the child process runs main with.
const childEnv = "VOZIA_CMDTEST_ARG"

// HelpExitsZero checks that name -h prints its usage (which names
// usageFlag) and exits 0, asking for the usage not being a failure (a
// script that checks the command with -h must not stop there), and that
// an unknown flag prints it too and exits non-zero. test is the calling
// test's name: the child runs that test alone, which calls main.
func HelpExitsZero(t *testing.T, test, name string, main func(), usageFlag string) {
	if arg := os.Getenv(childEnv); arg != "" {
		os.Args = []string{name, arg}
		main()
		return
	}
	for _, tc := range []struct {
		arg  string
		fail bool
	}{{"-h", false}, {"-no-such-flag", true}} {
		cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
		cmd.Env = append(os.Environ(), childEnv+"="+tc.arg)
		out, err := cmd.CombinedOutput()
		if (err != nil) != tc.fail {
			t.Errorf("%s %s: exit %v, want failure %v\n%s", name, tc.arg, err, tc.fail, out)
		}
		if !strings.Contains(string(out), usageFlag) {
			t.Errorf("%s %s printed no usage:\n%s", name, tc.arg, out)
		}
	}
}
