package bundle

// Session keeps the bundles between the builds of a session (make dev),
// made again only when the app's files changed (Changed). The zero
// Session is ready to use; it is not safe for concurrent use.
type Session struct {
	bundler *Bundler
	last    *Result
	stale   bool
}

// Bundles returns the bundles of the app in dir, made again if it changed,
// and hands the server bundle to onServer as soon as it is ready (at once
// when the bundles are not made again); onServer is not called if it
// fails. The bundles are kept with the app (FrontendCache); lazy are the
// kinds loaded apart (New).
func (s *Session) Bundles(dir string, lazy []string, onServer func(server []byte)) (*Result, error) {
	if s.last != nil && !s.stale {
		onServer(s.last.Server)
		return s.last, nil
	}
	if s.bundler == nil {
		b, err := New(dir, NewCache(FrontendCache(dir), "bundle"), lazy...)
		if err != nil {
			return nil, err
		}
		s.bundler = b
	}
	// Marked fresh before bundling: an edit arriving during Rebuild marks
	// it stale again. A failed build stays stale and is retried next time.
	s.stale = false
	res, err := s.bundler.Rebuild(onServer)
	if err != nil {
		s.stale = true
		return nil, err
	}
	s.last = res
	return res, nil
}

// Changed says the app's files changed: the next Bundles makes them again.
func (s *Session) Changed() { s.stale = true }

// Close frees the esbuild contexts; a later Bundles makes them again.
func (s *Session) Close() {
	if s.bundler != nil {
		s.bundler.Dispose()
		s.bundler = nil
	}
}
