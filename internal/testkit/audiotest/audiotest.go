// Package audiotest makes short recordings for tests: no recording ships
// with the repository, and none is made by a tool the machine may lack.
// OggOpus is a real, playable stream (browsers play it: Opus silence
// frames in CRC-checked Ogg pages); the others are the headers and frame
// structure of their formats around silence, enough for a reader of
// headers and for a browser to know what it is offered.
package audiotest

import (
	"bytes"
	"encoding/binary"
	"math"
	"time"
)

// opusSilence is one 20 ms Opus packet of silence (CELT, full band, mono).
var opusSilence = []byte{0xF8, 0xFF, 0xFE}

const preSkip = 312

// OggOpus is an Ogg Opus stream of d of silence, mono at 48 kHz.
func OggOpus(d time.Duration) []byte {
	var b bytes.Buffer
	serial := uint32(0x566F7A69)
	seq := uint32(0)
	page := func(flags byte, granule int64, packets [][]byte) {
		var segs []byte
		var body []byte
		for _, p := range packets {
			n := len(p)
			for n >= 255 {
				segs = append(segs, 255)
				n -= 255
			}
			segs = append(segs, byte(n))
			body = append(body, p...)
		}
		h := make([]byte, 27, 27+len(segs)+len(body))
		copy(h, "OggS")
		h[5] = flags
		binary.LittleEndian.PutUint64(h[6:], uint64(granule))
		binary.LittleEndian.PutUint32(h[14:], serial)
		binary.LittleEndian.PutUint32(h[18:], seq)
		h[26] = byte(len(segs))
		h = append(append(h, segs...), body...)
		binary.LittleEndian.PutUint32(h[22:], oggCRC(h))
		b.Write(h)
		seq++
	}
	head := []byte("OpusHead\x01\x01\x00\x00\x80\xbb\x00\x00\x00\x00\x00")
	binary.LittleEndian.PutUint16(head[10:], preSkip)
	page(0x02, 0, [][]byte{head})
	tags := append([]byte("OpusTags"), 9, 0, 0, 0)
	tags = append(tags, "audiotest"...)
	tags = append(tags, 0, 0, 0, 0)
	page(0, 0, [][]byte{tags})
	total := preSkip + int64(d/time.Millisecond)*48
	packets := int((total + 959) / 960)
	for i := 0; i < packets; i += 50 {
		n := min(50, packets-i)
		ps := make([][]byte, n)
		for j := range ps {
			ps[j] = opusSilence
		}
		granule, flags := int64(i+n)*960, byte(0)
		if i+n == packets {
			granule, flags = total, 0x04
		}
		page(flags, granule, ps)
	}
	return b.Bytes()
}

var oggTable = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04C11DB7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return
}()

func oggCRC(p []byte) uint32 {
	var crc uint32
	for _, c := range p {
		crc = crc<<8 ^ oggTable[byte(crc>>24)^c]
	}
	return crc
}

// ebml is an EBML element: its ID's bytes, then its size as an 8-byte vint.
func ebml(id []byte, body ...[]byte) []byte {
	data := bytes.Join(body, nil)
	out := append([]byte{}, id...)
	size := make([]byte, 8)
	binary.BigEndian.PutUint64(size, uint64(len(data)))
	size[0] = 0x01
	return append(append(out, size...), data...)
}

// WebMOpus is a WebM file's headers for an Opus track of d (no clusters).
func WebMOpus(d time.Duration) []byte {
	dur := make([]byte, 8)
	binary.BigEndian.PutUint64(dur, math.Float64bits(float64(d/time.Millisecond)))
	return append(ebml([]byte{0x1A, 0x45, 0xDF, 0xA3}, ebml([]byte{0x42, 0x82}, []byte("webm"))),
		ebml([]byte{0x18, 0x53, 0x80, 0x67},
			ebml([]byte{0x15, 0x49, 0xA9, 0x66}, ebml([]byte{0x2A, 0xD7, 0xB1}, []byte{0x0F, 0x42, 0x40}), ebml([]byte{0x44, 0x89}, dur)),
			ebml([]byte{0x16, 0x54, 0xAE, 0x6B}, ebml([]byte{0xAE}, ebml([]byte{0x83}, []byte{2}), ebml([]byte{0x86}, []byte("A_OPUS")))))...)
}

// MP3 is d of MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz, after an
// ID3v2 tag.
func MP3(d time.Duration) []byte {
	b := bytes.NewBuffer([]byte("ID3\x04\x00\x00\x00\x00\x00\x0a"))
	b.Write(make([]byte, 10))
	frames := int(d.Seconds()*44100/1152 + 0.5)
	for range frames {
		f := make([]byte, 417) // 144*128000/44100, no padding
		copy(f, []byte{0xFF, 0xFB, 0x90, 0x44})
		b.Write(f)
	}
	return b.Bytes()
}

// mp4box is an MP4 box.
func mp4box(typ string, body ...[]byte) []byte {
	data := bytes.Join(body, nil)
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(data)))
	return append(append(out, typ...), data...)
}

// M4A is an MP4 file's boxes for one AAC track of d (no samples).
func M4A(d time.Duration) []byte {
	mvhd := make([]byte, 100)
	binary.BigEndian.PutUint32(mvhd[12:], 1000)
	binary.BigEndian.PutUint32(mvhd[16:], uint32(d/time.Millisecond))
	stsd := append(make([]byte, 4), 0, 0, 0, 1)
	stsd = append(stsd, mp4box("mp4a", make([]byte, 28))...)
	moov := mp4box("moov", mp4box("mvhd", mvhd), mp4box("trak", mp4box("mdia", mp4box("minf", mp4box("stbl", mp4box("stsd", stsd))))))
	return append(mp4box("ftyp", []byte("M4A \x00\x00\x02\x00isomM4A ")), moov...)
}
