package content

import "github.com/vozia/site/internal/problem"

// Error is one content problem at a place in a file (relative to the
// content tree), printed as "path:line:col: message" so that editors and
// CI logs can jump to it. It is the problem type every stage reports in.
type Error = problem.Problem

// ErrorList is every problem of one load, sorted by file and position.
type ErrorList = problem.List
