// Package media reads what the build must know of a sample call's files
// without decoding them: an audio file's container, codec and duration
// from its headers, and a WebVTT transcript's cues.
//
// The readers are small and strict, written for the files an editor
// exports (Opus in Ogg or WebM, AAC in MP4, MP3), not for every file the
// formats allow: what they cannot read is refused with what they expected,
// never guessed at. They read bytes already in memory and bounded by the
// caller's budget, and every length read from a file is checked against
// what is left of it, so that no header can make them read past the end
// or loop.
//
//   - Ogg: the first page's first packet is OpusHead; the duration is the
//     last page's granule position less the pre-skip, at 48 kHz.
//   - WebM: the EBML header's DocType is "webm", a track's CodecID is
//     A_OPUS, and the duration is the segment's Info Duration times its
//     TimecodeScale.
//   - MP3: after any ID3v2 tag, MPEG audio layer III frames from the first
//     byte to the last (an ID3v1 tag may close it); the duration is the
//     sum of the frames'.
//   - MP4: the first box is ftyp; moov's mvhd gives the duration; a
//     track's sample description is mp4a (AAC).
package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"
)

// Info is what an audio file's headers say.
type Info struct {
	// Container is "ogg", "webm", "mp3" or "mp4"; Codec "opus", "mp3" or "aac".
	Container, Codec string
	Duration         time.Duration
}

// MIME is the type a <source> names, with its codec, so that a browser
// skips a source it cannot play without fetching it.
func (i Info) MIME() string {
	switch i.Container {
	case "ogg":
		return "audio/ogg; codecs=opus"
	case "webm":
		return "audio/webm; codecs=opus"
	case "mp4":
		return "audio/mp4; codecs=mp4a.40.2"
	}
	return "audio/mpeg"
}

// Probe reads data's container, codec and duration.
func Probe(data []byte) (Info, error) {
	switch {
	case bytes.HasPrefix(data, []byte("OggS")):
		return probeOgg(data)
	case bytes.HasPrefix(data, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return probeWebM(data)
	case len(data) >= 8 && string(data[4:8]) == "ftyp":
		return probeMP4(data)
	case bytes.HasPrefix(data, []byte("ID3")) || len(data) >= 2 && data[0] == 0xFF && data[1]&0xE0 == 0xE0:
		return probeMP3(data)
	}
	return Info{}, errors.New("not an audio file this site publishes: its header is none of Ogg, WebM, MP4 or MP3")
}

func probeOgg(data []byte) (Info, error) {
	info := Info{Container: "ogg"}
	var serial uint32
	var preSkip uint16
	var last int64 = -1
	for off, n := 0, 0; off < len(data); n++ {
		p := data[off:]
		if len(p) < 27 || string(p[:4]) != "OggS" {
			return info, fmt.Errorf("Ogg page %d at byte %d: no page header (OggS) where one should start: the file is cut short or damaged", n+1, off)
		}
		if p[4] != 0 {
			return info, fmt.Errorf("Ogg page %d: version %d, want 0", n+1, p[4])
		}
		segs := int(p[26])
		if len(p) < 27+segs {
			return info, fmt.Errorf("Ogg page %d: cut short in its segment table", n+1)
		}
		size := 0
		for _, s := range p[27 : 27+segs] {
			size += int(s)
		}
		body := 27 + segs
		if len(p) < body+size {
			return info, fmt.Errorf("Ogg page %d: cut short (%d bytes of %d)", n+1, len(p)-body, size)
		}
		granule := int64(binary.LittleEndian.Uint64(p[6:14]))
		s := binary.LittleEndian.Uint32(p[14:18])
		if n == 0 {
			head := p[body : body+size]
			if len(head) < 19 || string(head[:8]) != "OpusHead" {
				return info, errors.New("an Ogg file whose first packet is not OpusHead: the site publishes Opus in Ogg, not Vorbis or FLAC")
			}
			if head[8]>>4 != 0 {
				return info, fmt.Errorf("OpusHead version %d, want 0.x", head[8])
			}
			serial, preSkip = s, binary.LittleEndian.Uint16(head[10:12])
			info.Codec = "opus"
		} else if s == serial && granule != -1 {
			last = granule
		}
		off += body + size
	}
	if last < 0 {
		return info, errors.New("an Ogg Opus file with no audio pages: nothing to play")
	}
	samples := last - int64(preSkip)
	if samples < 0 {
		samples = 0
	}
	if samples > 48000*24*3600 {
		return info, errors.New("an Ogg Opus file that says it lasts over a day: its last granule position is damaged")
	}
	info.Duration = time.Duration(samples) * time.Second / 48000
	return info, nil
}

// ebml reads one element at data[off:]: its ID (marker bit kept), the
// start of its body and its size (-1: unknown, to the end of its parent).
func ebml(data []byte, off int) (id uint32, body, size int, err error) {
	vint := func(keepMarker bool) (uint64, int, error) {
		if off >= len(data) {
			return 0, 0, errors.New("cut short")
		}
		b := data[off]
		n := 1
		for n <= 8 && b&(0x80>>(n-1)) == 0 {
			n++
		}
		if n > 8 || off+n > len(data) {
			return 0, 0, errors.New("damaged element header")
		}
		v := uint64(b)
		if !keepMarker {
			v &= uint64(0xFF >> n)
		}
		allOnes := v == uint64(0xFF>>n)
		for _, c := range data[off+1 : off+n] {
			v = v<<8 | uint64(c)
			allOnes = allOnes && c == 0xFF
		}
		off += n
		if !keepMarker && allOnes {
			return math.MaxUint64, n, nil
		}
		return v, n, nil
	}
	v, n, err := vint(true)
	if err != nil || n > 4 {
		return 0, 0, 0, errors.New("damaged element ID")
	}
	id = uint32(v)
	s, _, err := vint(false)
	if err != nil {
		return 0, 0, 0, err
	}
	body = off
	if s == math.MaxUint64 {
		return id, body, -1, nil
	}
	if s > uint64(len(data)-body) {
		return 0, 0, 0, fmt.Errorf("an element of %d bytes where %d are left: the file is cut short", s, len(data)-body)
	}
	return id, body, int(s), nil
}

func probeWebM(data []byte) (Info, error) {
	info := Info{Container: "webm"}
	id, body, size, err := ebml(data, 0)
	if err != nil || size < 0 {
		return info, fmt.Errorf("WebM: the EBML header is damaged: %v", err)
	}
	docType := ""
	for off := body; off < body+size; {
		cid, cb, cs, err := ebml(data[:body+size], off)
		if err != nil || cs < 0 {
			return info, fmt.Errorf("WebM: the EBML header is damaged: %v", err)
		}
		if cid == 0x4282 {
			docType = string(data[cb : cb+cs])
		}
		off = cb + cs
	}
	_ = id
	if docType != "webm" {
		return info, fmt.Errorf("an EBML file of DocType %q: the site publishes WebM (DocType \"webm\") only", docType)
	}
	// The segment, then its Info and Tracks.
	sid, sb, ss, err := ebml(data, body+size)
	if err != nil || sid != 0x18538067 {
		return info, errors.New("WebM: no Segment after the EBML header")
	}
	end := len(data)
	if ss >= 0 {
		end = sb + ss
	}
	scale, duration := uint64(1000000), -1.0
	var codecs []string
	for off := sb; off < end; {
		cid, cb, cs, err := ebml(data[:end], off)
		if err != nil {
			return info, fmt.Errorf("WebM: %v", err)
		}
		if cs < 0 {
			break // a cluster of unknown size: the headers come before it
		}
		switch cid {
		case 0x1549A966: // Info
			for o := cb; o < cb+cs; {
				eid, eb, es, err := ebml(data[:cb+cs], o)
				if err != nil || es < 0 {
					return info, errors.New("WebM: the segment's Info is damaged")
				}
				switch eid {
				case 0x2AD7B1: // TimecodeScale
					scale = 0
					for _, c := range data[eb : eb+es] {
						scale = scale<<8 | uint64(c)
					}
				case 0x4489: // Duration
					switch es {
					case 4:
						duration = float64(math.Float32frombits(binary.BigEndian.Uint32(data[eb:])))
					case 8:
						duration = math.Float64frombits(binary.BigEndian.Uint64(data[eb:]))
					}
				}
				o = eb + es
			}
		case 0x1654AE6B: // Tracks
			for o := cb; o < cb+cs; {
				tid, tb, ts, err := ebml(data[:cb+cs], o)
				if err != nil || ts < 0 {
					return info, errors.New("WebM: the Tracks are damaged")
				}
				if tid == 0xAE { // TrackEntry
					for p := tb; p < tb+ts; {
						eid, eb, es, err := ebml(data[:tb+ts], p)
						if err != nil || es < 0 {
							return info, errors.New("WebM: a TrackEntry is damaged")
						}
						if eid == 0x86 { // CodecID
							codecs = append(codecs, string(data[eb:eb+es]))
						}
						p = eb + es
					}
				}
				o = tb + ts
			}
		}
		off = cb + cs
	}
	if len(codecs) != 1 || codecs[0] != "A_OPUS" {
		return info, fmt.Errorf("a WebM file whose tracks are %q: the site publishes one Opus track (A_OPUS), no video", codecs)
	}
	info.Codec = "opus"
	if duration < 0 || math.IsNaN(duration) || duration > float64(24*time.Hour)/float64(scale) {
		return info, errors.New("a WebM file with no Duration in its Info (a live recording?): export it again as a file")
	}
	info.Duration = time.Duration(duration * float64(scale))
	return info, nil
}

var (
	mp3Rates   = [3][3]int{{44100, 48000, 32000}, {22050, 24000, 16000}, {11025, 12000, 8000}}
	mp3Bitrate = [2][16]int{
		{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, -1},
		{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, -1},
	}
)

func probeMP3(data []byte) (Info, error) {
	info := Info{Container: "mp3", Codec: "mp3"}
	off := 0
	if bytes.HasPrefix(data, []byte("ID3")) {
		if len(data) < 10 {
			return info, errors.New("MP3: the ID3 tag is cut short")
		}
		size := 0
		for _, b := range data[6:10] {
			if b&0x80 != 0 {
				return info, errors.New("MP3: the ID3 tag's size is damaged")
			}
			size = size<<7 | int(b)
		}
		off = 10 + size
		if data[5]&0x10 != 0 {
			off += 10
		}
	}
	var samples, rate, frames int
	for off < len(data) {
		h := data[off:]
		if frames > 0 && len(h) == 128 && string(h[:3]) == "TAG" {
			break // ID3v1
		}
		if len(h) < 4 || h[0] != 0xFF || h[1]&0xE0 != 0xE0 {
			if frames == 0 {
				return info, errors.New("MP3: no MPEG audio frame where the audio should start")
			}
			return info, fmt.Errorf("MP3: frame %d at byte %d has no frame sync: the file is cut short or damaged", frames+1, off)
		}
		version, layer := (h[1]>>3)&3, (h[1]>>1)&3
		if version == 1 || layer != 1 {
			return info, fmt.Errorf("MP3: frame %d is not MPEG audio layer III", frames+1)
		}
		v := map[byte]int{3: 0, 2: 1, 0: 2}[version]
		ri, bi := int(h[2]>>2&3), int(h[2]>>4)
		if ri == 3 || bi == 0 || bi == 15 {
			return info, fmt.Errorf("MP3: frame %d has a bitrate or sample rate this reader does not take (free format?)", frames+1)
		}
		sr, br := mp3Rates[v][ri], mp3Bitrate[min(v, 1)][bi]*1000
		if rate != 0 && sr != rate {
			return info, fmt.Errorf("MP3: frame %d changes the sample rate", frames+1)
		}
		rate = sr
		pad := int(h[2] >> 1 & 1)
		per, coef := 1152, 144
		if v > 0 {
			per, coef = 576, 72
		}
		length := coef*br/sr + pad
		if off+length > len(data) {
			return info, fmt.Errorf("MP3: frame %d is cut short", frames+1)
		}
		samples += per
		frames++
		off += length
	}
	if frames == 0 {
		return info, errors.New("MP3: no audio frames")
	}
	info.Duration = time.Duration(samples) * time.Second / time.Duration(rate)
	return info, nil
}

// box reads the MP4 box at data[off:]: its type, and the bounds of its body.
func box(data []byte, off int) (typ string, body, end int, err error) {
	if len(data)-off < 8 {
		return "", 0, 0, errors.New("a box header is cut short")
	}
	size := uint64(binary.BigEndian.Uint32(data[off:]))
	typ, body = string(data[off+4:off+8]), off+8
	switch size {
	case 0:
		size = uint64(len(data) - off)
	case 1:
		if len(data)-off < 16 {
			return "", 0, 0, errors.New("a box header is cut short")
		}
		size, body = binary.BigEndian.Uint64(data[off+8:]), off+16
	}
	if size < uint64(body-off) || size > uint64(len(data)-off) {
		return "", 0, 0, fmt.Errorf("box %q of %d bytes where %d are left: the file is cut short", typ, size, len(data)-off)
	}
	return typ, body, off + int(size), nil
}

// children calls fn with each box inside data[from:to].
func children(data []byte, from, to int, fn func(typ string, body, end int) error) error {
	for off := from; off < to; {
		typ, body, end, err := box(data[:to], off)
		if err != nil {
			return err
		}
		if err := fn(typ, body, end); err != nil {
			return err
		}
		off = end
	}
	return nil
}

func probeMP4(data []byte) (Info, error) {
	info := Info{Container: "mp4"}
	var timescale, duration uint64
	var entries []string
	var find func(typ string, body, end int) error
	find = func(typ string, body, end int) error {
		switch typ {
		case "moov", "trak", "mdia", "minf", "stbl":
			return children(data, body, end, find)
		case "mvhd":
			b := data[body:end]
			switch {
			case len(b) >= 20 && b[0] == 0:
				timescale, duration = uint64(binary.BigEndian.Uint32(b[12:])), uint64(binary.BigEndian.Uint32(b[16:]))
			case len(b) >= 32 && b[0] == 1:
				timescale, duration = uint64(binary.BigEndian.Uint32(b[20:])), binary.BigEndian.Uint64(b[24:])
			default:
				return errors.New("mvhd is damaged")
			}
		case "stsd":
			if end-body < 8 {
				return errors.New("stsd is damaged")
			}
			return children(data, body+8, end, func(typ string, _, _ int) error {
				entries = append(entries, typ)
				return nil
			})
		}
		return nil
	}
	if err := children(data, 0, len(data), find); err != nil {
		return info, fmt.Errorf("MP4: %v", err)
	}
	if len(entries) != 1 || entries[0] != "mp4a" {
		return info, fmt.Errorf("an MP4 file whose tracks are %q: the site publishes one AAC track (mp4a), no video", entries)
	}
	info.Codec = "aac"
	if timescale == 0 || duration == 0 || duration == math.MaxUint32 || duration/timescale > 24*3600 {
		return info, errors.New("MP4: no duration in mvhd: export the file again")
	}
	info.Duration = time.Duration(float64(duration) / float64(timescale) * float64(time.Second))
	return info, nil
}
