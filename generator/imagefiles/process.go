package imagefiles

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"path"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"

	"github.com/vozia/site/internal/parallel"
)

// Settings are the ladder of widths and the encoders' settings. They are
// part of every file's key: changing one re-encodes everything.
type Settings struct {
	Widths []int
	// AVIFQuality and AVIFSpeed are libavif's quality (0-100) and speed
	// (0 slowest and smallest, 10 fastest).
	AVIFQuality, AVIFSpeed int
	// WebPQuality and WebPMethod are libwebp's quality (0-100) and method
	// (0 fastest, 6 smallest).
	WebPQuality, WebPMethod int
	JPEGQuality             int
}

// Default are the settings of the site (see the README for the
// benchmark behind them). The two small steps serve the small places: a
// 56 px avatar needs 112 px at DPR 2, a 160 px logo 320 (with 480 at the
// bottom, an author's portrait weighed four times what it needed).
var Default = Settings{
	Widths:      []int{160, 320, 480, 768, 1080, 1600, 2400},
	AVIFQuality: 50, AVIFSpeed: 8,
	WebPQuality: 75, WebPMethod: 4,
	JPEGQuality: 80,
}

func (s Settings) String() string {
	return fmt.Sprintf("widths=%v avif=%d/%d webp=%d/%d jpeg=%d v1", s.Widths, s.AVIFQuality, s.AVIFSpeed, s.WebPQuality, s.WebPMethod, s.JPEGQuality)
}

// Source is an original: its path in the content tree (images/a.jpg) and
// its bytes, and the shape it is cut to, if any.
type Source struct {
	Name string
	Data []byte
	Crop *Crop
}

// Crop is a shape an original is cut to before it is resized (an
// article's cover): the largest part of the upright original with the
// aspect ratio W:H, centred on the focal point (X, Y) as far as the
// original's edges allow. The crop is part of the files' key: the same
// original framed twice is two sets of files.
type Crop struct {
	// W and H are the aspect ratio (40 and 21 for 1200x630).
	W, H int
	// X and Y are the focal point, 0 to 1 from the left and from the top.
	X, Y float64
}

func (c *Crop) String() string {
	if c == nil {
		return ""
	}
	return fmt.Sprintf("crop=%d:%d@%g,%g", c.W, c.H, c.X, c.Y)
}

// Rect is the part of a w x h upright original that c keeps.
func (c Crop) Rect(w, h int) image.Rectangle {
	cw, ch := w, h
	if w*c.H > h*c.W { // wider than the shape: keep the full height
		cw = max(1, (h*c.W+c.H/2)/c.H)
	} else {
		ch = max(1, (w*c.H+c.W/2)/c.W)
	}
	at := func(focus float64, size, keep int) int {
		return min(max(0, int(focus*float64(size)+0.5)-keep/2), size-keep)
	}
	x, y := at(c.X, w, cw), at(c.Y, h, ch)
	return image.Rect(x, y, x+cw, y+ch)
}

// cropped is info with the size of src's crop.
func cropped(info Info, c *Crop) Info {
	if c != nil {
		r := c.Rect(info.Width, info.Height)
		info.Width, info.Height = r.Dx(), r.Dy()
	}
	return info
}

// Variant is one encoded file.
type Variant struct {
	Format Format `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Path is the file's site path, /assets/img/….
	Path string `json:"path"`
}

// Result is what became of one original.
type Result struct {
	// Width and Height are the upright original's.
	Width, Height int
	// Fallback is the format of the <img> fallback: JPEG, or PNG for an
	// original with alpha.
	Fallback Format
	// Variants are every file, by format (AVIF, WebP, the fallback) and
	// then by width, smallest first.
	Variants []Variant
	// Color is the dominant colour, #rrggbb; empty in a planned Result.
	Color string
	// Files are the encoded files, by site path; nil in a planned Result.
	Files map[string][]byte `json:"-"`
	// Took is how long the original took to encode (kept in the cache,
	// so that a cached Result still says what it saved).
	Took time.Duration `json:"took,omitempty"`
	// Cached says that Process found the Result in a cache.
	Cached bool `json:"-"`
}

// Ready reports whether the files exist (a Result of Plan has none).
func (r *Result) Ready() bool { return r.Files != nil }

// Widths returns the ladder of an image w pixels wide: every width of
// the settings below w, and w itself when it is below the top of the
// ladder (an original is never enlarged).
func (s Settings) widthsFor(w int) []int {
	var out []int
	for _, x := range s.Widths {
		if x < w {
			out = append(out, x)
		}
	}
	if w <= s.Widths[len(s.Widths)-1] {
		out = append(out, w)
	}
	return out
}

// Processor encodes originals and remembers what it encoded. It is safe
// for concurrent use.
type Processor struct {
	settings Settings
	disk     diskCache
	mu       sync.Mutex
	mem      map[string]*Result
	// failed remembers the originals that could not be encoded, so that
	// Plan reports them rather than planning them again and again.
	failed map[string]error
	// inflight are the encodes under way: a second Process of the same
	// original (make dev rebuilding while it encodes) waits for the first.
	inflight map[string]*call
	encoded  atomic.Int64
	// encodes bounds the encoders running at once (every core); decodes
	// bounds the originals in process at once (decoded, resized, encoding).
	encodes, decodes chan struct{}
}

// NewProcessor returns a Processor with the given settings, caching on
// disk under dir when dir is not empty.
func NewProcessor(s Settings, dir string) *Processor {
	n := runtime.NumCPU()
	return &Processor{
		settings: s, disk: diskCache{dir: dir}, mem: map[string]*Result{}, failed: map[string]error{}, inflight: map[string]*call{},
		encodes: make(chan struct{}, n), decodes: make(chan struct{}, max(2, n)),
	}
}

// Encoded is the number of originals this Processor has encoded (not
// found in its caches) since it was made.
func (p *Processor) Encoded() int { return int(p.encoded.Load()) }

func (p *Processor) key(src Source) string {
	h := sha256.New()
	h.Write([]byte(p.settings.String()))
	h.Write([]byte{0})
	h.Write(src.Data)
	if src.Crop != nil {
		h.Write([]byte{0})
		h.Write([]byte(src.Crop.String()))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Plan returns the Result of src as far as its header tells (sizes and
// paths, no files, no colour), or the whole Result when it is cached.
func (p *Processor) Plan(src Source) (*Result, error) {
	key := p.key(src)
	if r := p.cached(key); r != nil {
		return r, nil
	}
	p.mu.Lock()
	err := p.failed[key]
	p.mu.Unlock()
	if err != nil {
		return nil, err
	}
	info, err := Inspect(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	if !info.Processed() {
		return nil, errors.New("not an image the build encodes")
	}
	return p.plan(key, src.Name, cropped(info, src.Crop)), nil
}

func (p *Processor) plan(key, name string, info Info) *Result {
	r := &Result{Width: info.Width, Height: info.Height, Fallback: JPEG}
	if info.Alpha {
		r.Fallback = PNG
	}
	stem := strings.TrimSuffix(path.Base(name), path.Ext(name))
	for _, f := range []Format{AVIF, WebP, r.Fallback} {
		for _, w := range p.settings.widthsFor(info.Width) {
			h := max(1, (info.Height*w+info.Width/2)/info.Width)
			r.Variants = append(r.Variants, Variant{Format: f, Width: w, Height: h,
				Path: fmt.Sprintf("/assets/img/%s-%s-%d%s", stem, key[:10], w, f.Ext())})
		}
	}
	return r
}

func (p *Processor) cached(key string) *Result {
	p.mu.Lock()
	r := p.mem[key]
	p.mu.Unlock()
	if r != nil {
		return r
	}
	if r = p.disk.get(key); r != nil {
		p.mu.Lock()
		p.mem[key] = r
		p.mu.Unlock()
	}
	return r
}

// SourceError is why one source failed, in Process's joined error: the
// caller finds a source's error by its name, never by reading the text.
type SourceError struct {
	Name string
	Err  error
}

func (e *SourceError) Error() string { return e.Name + ": " + e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// Process returns the Result of each source, in order, encoding those
// not in the caches (on every core). The error joins a *SourceError for
// every source that failed.
func (p *Processor) Process(ctx context.Context, srcs []Source) ([]*Result, error) {
	out := make([]*Result, len(srcs))
	errs := make([]error, len(srcs))
	// The cache first, on every core: hashing the originals and reading
	// their cached files is all a warm build does here.
	keys := make([]string, len(srcs))
	parallel.For(len(srcs), 0, func(i int) {
		keys[i] = p.key(srcs[i])
		if r := p.cached(keys[i]); r != nil {
			c := *r // the cached Result is shared: mark a copy
			c.Cached = true
			out[i] = &c
		}
	})
	var wg sync.WaitGroup
	for i, src := range srcs {
		key := keys[i]
		if out[i] != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := p.once(ctx, key, src)
			if err != nil {
				errs[i] = &SourceError{Name: src.Name, Err: err}
				return
			}
			out[i] = r
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

type call struct {
	done chan struct{}
	r    *Result
	err  error
}

// once encodes src, or waits for the encode of it already under way.
func (p *Processor) once(ctx context.Context, key string, src Source) (*Result, error) {
	p.mu.Lock()
	if c := p.inflight[key]; c != nil {
		p.mu.Unlock()
		select {
		case <-c.done:
			return c.r, c.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	c := &call{done: make(chan struct{})}
	p.inflight[key] = c
	p.mu.Unlock()
	c.r, c.err = p.encode(ctx, key, src)
	p.mu.Lock()
	delete(p.inflight, key)
	if c.err == nil {
		p.mem[key] = c.r
	} else if ctx.Err() == nil {
		p.failed[key] = c.err
	}
	p.mu.Unlock()
	close(c.done)
	if c.err == nil {
		p.disk.put(key, c.r)
	}
	return c.r, c.err
}

// Keep forgets every Result but those of srcs, in memory and on disk:
// the caches hold one build's worth.
func (p *Processor) Keep(srcs []Source) {
	keep := map[string]bool{}
	for _, s := range srcs {
		keep[p.key(s)] = true
	}
	p.mu.Lock()
	for k := range p.mem {
		if !keep[k] {
			delete(p.mem, k)
		}
	}
	p.mu.Unlock()
	p.disk.keepOnly(keep)
}

func (p *Processor) encode(ctx context.Context, key string, src Source) (*Result, error) {
	info, err := Inspect(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	if !info.Processed() {
		return nil, errors.New("not an image the build encodes")
	}
	r := p.plan(key, src.Name, cropped(info, src.Crop))

	// An original holds a slot from its decode to its last encode, so
	// that a few are in memory at once, however many the site has.
	select {
	case p.decodes <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-p.decodes }()
	start := time.Now()
	defer func() { r.Took = time.Since(start) }()
	sized, err := p.renditions(src, info)
	if err != nil {
		return nil, err
	}
	r.Color = dominant(sized[0])

	files := make([][]byte, len(r.Variants))
	errs := make([]error, len(r.Variants))
	var wg sync.WaitGroup
	for i, v := range r.Variants {
		img := sized[i%len(sized)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case p.encodes <- struct{}{}:
			case <-ctx.Done():
				errs[i] = ctx.Err()
				return
			}
			defer func() { <-p.encodes }()
			files[i], errs[i] = p.encodeOne(v.Format, img)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	r.Files = make(map[string][]byte, len(files))
	for i, v := range r.Variants {
		r.Files[v.Path] = files[i]
	}
	p.encoded.Add(1)
	return r, nil
}

// renditions decodes src, turns it upright and resizes it to each width
// of its ladder, smallest first. Each rendition is made from the next
// larger one, which keeps Catmull-Rom's cost down without aliasing (no
// step shrinks by more than about 2x below the first).
func (p *Processor) renditions(src Source, info Info) ([]*image.RGBA, error) {
	upright, err := Decode(src)
	if err != nil {
		return nil, err
	}
	info = cropped(info, src.Crop)
	widths := p.settings.widthsFor(info.Width)
	out := make([]*image.RGBA, len(widths))
	prev := upright
	for i := len(widths) - 1; i >= 0; i-- {
		w := widths[i]
		if w == prev.Bounds().Dx() {
			out[i] = prev
			continue
		}
		h := max(1, (info.Height*w+info.Width/2)/info.Width)
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), prev, prev.Bounds(), draw.Src, nil)
		out[i], prev = dst, dst
	}
	return out, nil
}

// Decode decodes src's pixels, turned upright by its EXIF orientation and
// cut to its Crop.
func Decode(src Source) (*image.RGBA, error) {
	info, err := Inspect(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	if !info.Processed() {
		return nil, errors.New("not an image the build encodes")
	}
	var m image.Image
	rd := bytes.NewReader(src.Data)
	switch info.Format {
	case JPEG:
		m, err = jpeg.Decode(rd)
	case PNG:
		m, err = png.Decode(rd)
	case WebP:
		m, err = xwebp.Decode(rd)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot decode the %s: %v", strings.ToUpper(string(info.Format)), err)
	}
	upright := orient(toRGBA(m), info.Orientation)
	if src.Crop != nil {
		upright = toRGBA(upright.SubImage(src.Crop.Rect(info.Width, info.Height)))
	}
	return upright, nil
}

func (p *Processor) encodeOne(f Format, img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	s := p.settings
	switch f {
	case AVIF:
		err = avif.Encode(&buf, img, avif.Options{Quality: s.AVIFQuality, QualityAlpha: s.AVIFQuality, Speed: s.AVIFSpeed, ChromaSubsampling: image.YCbCrSubsampleRatio420})
	case WebP:
		err = webp.Encode(&buf, img, webp.Options{Quality: s.WebPQuality, Method: s.WebPMethod})
	case JPEG:
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: s.JPEGQuality})
	case PNG:
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
	}
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %v", f, err)
	}
	return buf.Bytes(), nil
}

func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok && r.Bounds().Min == (image.Point{}) {
		return r
	}
	b := m.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), m, b.Min, draw.Src)
	return dst
}

// orient turns an image by its EXIF orientation (1 to 8): each pixel
// (x, y) of the upright image is read from where the camera stored it.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return src
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			copy(dst.Pix[y*dst.Stride+4*x:y*dst.Stride+4*x+4], src.Pix[sy*src.Stride+4*sx:])
		}
	}
	return dst
}

// dominant is the most common colour of an image, with 4 bits per
// channel, averaged within that cell, as #rrggbb over white for
// transparent pixels.
func dominant(m *image.RGBA) string {
	var count [4096]int
	var sum [4096][3]int
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x : 4*x+4]
			// Premultiplied: over white adds (255-a) to each channel.
			r, g, bl := int(p[0])+255-int(p[3]), int(p[1])+255-int(p[3]), int(p[2])+255-int(p[3])
			c := r>>4<<8 | g>>4<<4 | bl>>4
			count[c]++
			sum[c][0] += r
			sum[c][1] += g
			sum[c][2] += bl
		}
	}
	best := 0
	for c := range count {
		if count[c] > count[best] {
			best = c
		}
	}
	n := max(count[best], 1)
	return fmt.Sprintf("#%02x%02x%02x", sum[best][0]/n, sum[best][1]/n, sum[best][2]/n)
}
