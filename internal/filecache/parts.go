package filecache

import "encoding/binary"

// Pack writes the number of parts and then the parts one after another,
// each as its length and its bytes (numbers as uvarints): an entry of
// several byte strings (a bundle's files and what it says of them) that
// Unpack reads back without copying a byte. Kept bundles are megabytes
// that every build reads: gob's copy of them into fresh memory was a
// sixth of an unchanged site's build.
func Pack(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += binary.MaxVarintLen64 + len(p)
	}
	b := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen64+n), uint64(len(parts)))
	for _, p := range parts {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
	}
	return b
}

// Unpack returns the parts Pack wrote into data, each a slice of data
// (which must not change while they are used). ok is false for anything
// Pack did not write whole: an entry cut short, even between two parts,
// is refused rather than read as fewer.
func Unpack(data []byte) (parts [][]byte, ok bool) {
	count, k := binary.Uvarint(data)
	if k <= 0 || count > uint64(len(data)) {
		return nil, false
	}
	data = data[k:]
	for len(data) > 0 {
		n, k := binary.Uvarint(data)
		if k <= 0 || n > uint64(len(data)-k) {
			return nil, false
		}
		end := k + int(n)
		parts = append(parts, data[k:end:end])
		data = data[end:]
	}
	return parts, uint64(len(parts)) == count
}
