// Package characters holds the rules on characters: what a field of an
// enquiry may hold so that the person who reads it (its subject, its
// mail, its record) sees what was sent. A character that draws nothing,
// draws as something else, or moves the characters around it is refused
// where it has no work to do, and kept where a writing needs it (the
// joiners of Persian and Devanagari, an emoji's selector and joiner, a
// Hebrew message's marks). The contact function's validation
// (functions/contact, enquiry.go) applies them field by field; the table
// of rules and messages is functions/contact/README.md's. They are tested
// there, as a visitor meets them: through the function.
package characters

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/net/publicsuffix"
	"golang.org/x/text/unicode/norm"
)

// VisibleLen counts the characters of s that take up room on screen: not
// the zero-width and formatting characters (U+200B, U+200D, U+FEFF, the
// soft hyphen...), variation selectors, the fillers that Unicode lists
// as default-ignorable (U+3164 HANGUL FILLER renders as nothing, yet is a
// letter), or the marks drawn on the character before them ("A\u0301" is
// one character on screen, Á). Spaces count, as the form counts them.
func VisibleLen(s string) int {
	n := 0
	for _, r := range s {
		if !Invisible(r) && !unicode.In(r, unicode.Mn, unicode.Me) {
			n++
		}
	}
	return n
}

// Invisible reports a character that draws nothing at zero width: the
// controls, the formatting characters, the variation selectors, the
// default-ignorable ones, and U+FFFC, the object replacement character,
// a symbol by its category that browsers draw as nothing (an attacker's
// trial: "https:\uFFFC//pay.example" in a name read as an address, and
// 2,400 lines of it pushed a message's end 58,000 px down the mail).
func Invisible(r rune) bool {
	return r == '\uFFFC' || unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// Hidden reports a character a one-line field (the name, the phone) has
// no use for and that shows as nothing or as a box: the invisible ones
// (zero-width spaces and joiners, word joiners, invisible operators,
// interlinear annotation marks, fillers such as U+115F and the Khitan
// U+16FE4, and the blank braille pattern U+2800); private-use characters;
// and noncharacters (U+FFFE, U+FDD0…); the musical null notehead U+1D159,
// drawn as nothing by most fonts. "Ad\u200ba Lovelace" reads as "Ada
// Lovelace" and matches no search for it; a name padded with fillers hides
// what follows in a subject line. A name's joiners where its writing
// needs them are HiddenInName's.
func Hidden(r rune) bool {
	return Invisible(r) || drawnBlank(r) || unicode.Is(unicode.Co, r) || nonCharacter(r) || unassigned(r)
}

// drawnBlank reports a character that is neither space nor invisible by
// its category, yet most fonts draw as nothing: the blank braille pattern
// U+2800, the Khitan filler U+16FE4, the musical null notehead U+1D159.
func drawnBlank(r rune) bool { return r == '\u2800' || r == '\U00016FE4' || r == '\U0001D159' }

// unassigned reports a code point Unicode gives no character yet (as Go
// knows it): it draws as a box or nothing.
func unassigned(r rune) bool {
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

const zwnj, zwj = '\u200c', '\u200d'

func nonCharacter(r rune) bool { return r&0xfffe == 0xfffe || 0xfdd0 <= r && r <= 0xfdef }

// HiddenInName is Hidden for a name, but for a joiner in its place and
// one variation selector right after a character it varies (a Japanese
// name's ideograph in its variant, 葛\U000E0100飾: the family's own form).
func HiddenInName(s string) bool {
	rs := []rune(s)
	for i, r := range rs {
		if Hidden(r) && !joinerInPlace(rs, i) && !selectorInPlace(rs, i) {
			return true
		}
	}
	return false
}

// selectorInPlace reports a variation selector at rs[i] right after a
// character it varies, and not after another selector.
func selectorInPlace(rs []rune, i int) bool {
	return unicode.Is(unicode.Variation_Selector, rs[i]) && i > 0 && varies(rs[i], rs[i-1])
}

// joinerInPlace reports a zero-width non-joiner or joiner at rs[i] where
// a writing needs it: between two letters (or a letter and its marks) of
// a script that joins or breaks its letters so, such as Persian's or
// Devanagari's, or, the joiner, inside an emoji (👩🏽‍💻); or one at a
// word's end, after such a letter, where Malayalam's older spelling of a
// final consonant puts the joiner (മോഹന്‍ലാല്‍, a prospect's trial) and
// Persian typists leave the non-joiner before a space. Between Latin
// letters ("Ad\u200ca") they hide as a zero-width space does, and a run
// of them carries hidden bits. Mongolian's vowel separator (U+180E, a
// format character too) is in place between two Mongolian letters, where
// its spelling puts it before a final a or e (ᠴᠢᠩ᠎ᠠ).
func joinerInPlace(rs []rune, i int) bool {
	r := rs[i]
	if r == '\u180e' {
		return 0 < i && i < len(rs)-1 && unicode.Is(unicode.Mongolian, rs[i-1]) && unicode.Is(unicode.Mongolian, rs[i+1])
	}
	if r != zwnj && r != zwj || i == 0 {
		return false
	}
	prev := rs[i-1]
	if i == len(rs)-1 || unicode.IsSpace(rs[i+1]) || unicode.IsPunct(rs[i+1]) {
		return joiningLetter(prev)
	}
	next := rs[i+1]
	return joiningLetter(prev) && joiningLetter(next) || r == zwj && emojiPart(prev) && emojiPart(next)
}

// joiningLetter is a letter or mark of a script whose writing uses the
// joiners: not the Latin, Greek or Cyrillic alphabets, the scripts of
// East Asia, or the characters every script shares (digits, emoji). The
// marks every script shares (Arabic's vowel signs among them) count: a
// joiner after a vowelled letter is the letter's; the other side decides.
func joiningLetter(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M) &&
		!unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Common,
			unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// NameHasAddress reports a name that holds an email or web address: in
// the subject "Website enquiry from Vozia Billing <billing@vozia.example>"
// or "… from https://pay.example" reads as someone else's, or as a link
// to follow. No one's name has an @, "://" or "www.", nor their
// full-width and small forms ("billing﹫vozia.example", "ｗｗｗ．"), nor
// a bare domain (hasDomain).
func NameHasAddress(s string) bool {
	l := strings.ToLower(strings.Map(asciiForm, s))
	return strings.Contains(l, "@") || strings.Contains(l, "://") || strings.Contains(l, "www.") || hasDomain(l)
}

// hasDomain reports a word of l (in lower case) that is a host name ending
// in one of ICANN's top-level domains: "pay-verify.com", "pay-verify.com/login".
// Mail clients make a link of it without a scheme, so "Ada pay-verify.com"
// would put a link in the staff's mail under the sender's name. Initials
// ("J.R.R. Tolkien") and names joined by a dot pass ("Jean.Paul", ".paul"
// being no domain). The list is the Public Suffix List's, as
// golang.org/x/net/publicsuffix holds it; it spells a top-level domain of
// another script in punycode (xn--p1ai for .рф), so "пример.рф" is not
// looked up: left, with the look-alike letters outside MixedScriptWord's
// alphabets.
func hasDomain(l string) bool {
	word := func(r rune) bool { return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '.') }
	for _, w := range strings.FieldsFunc(l, word) {
		labels := strings.Split(strings.Trim(w, ".-"), ".")
		if len(labels) < 2 || slices.Contains(labels, "") {
			continue
		}
		tld := labels[len(labels)-1]
		if suffix, icann := publicsuffix.PublicSuffix(tld); icann && suffix == tld {
			return true
		}
	}
	return false
}

// asciiForm is r in its ASCII form if it is a full-width one (halfWidth)
// or one of the small forms of "@", ":", "." and "/"'s look-alikes that
// Unicode keeps for compatibility.
func asciiForm(r rune) rune {
	switch r {
	case '\ufe6b': // ﹫
		return '@'
	case '\ufe55', '\ufe13': // ﹕ ︓
		return ':'
	case '\ufe52', '\u3002', '\uff61': // ﹒ 。 ｡
		return '.'
	case '\u2215', '\u2044': // ∕ ⁄
		return '/'
	}
	return halfWidth(r)
}

// StackedMarks reports more than most combining marks on one character,
// or more than 32 on any 16 characters in a row (those that show, marks
// aside). A run of them ("A" and 190 strokes of U+0336) draws over the
// lines above and below it: the subject line and its neighbours for a
// name, the staff's reading of the rest of the mail for a message. A
// name's writing needs three on a letter at most (Vietnamese two); a
// message's bound leaves room for any writing's stacks (a Tibetan
// letter's subjoined letters and vowels, a Hebrew letter's point, vowel,
// cantillation and meteg, a Quranic word's marks). "Zalgo" text, eight
// marks on every letter of a line, each stack within the bound, draws a
// band over the lines around it all the same, and an attacker's trial hid
// such a line in a long message, and stacked three on every letter of a
// name: hence the window. The writings richest in marks carry fewer than
// two a letter over a few words (Hebrew with its points and cantillation,
// Quranic Arabic, Tibetan, Vietnamese decomposed); a single syllable may
// carry more (Tibetan ཧྨྱཱུ, four), which a window of 16 leaves room for.
//
// The marks are counted as drawn, whatever the way they were written
// (an attacker's trial got past the count three ways): a letter's own
// accents count (ệ is e and two marks, its canonical decomposition), and
// characters that show nothing (spaces, hair spaces, the blank braille
// pattern, the invisible ones) do not end a stack, since the marks after
// them are drawn in the same place.
func StackedMarks(s string, most int) bool {
	const window, inWindow = 16, 32
	var marks [window]int // the marks on each of the last characters that show
	run, at, sum := 0, 0, 0
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			run++
			marks[at]++
			if sum++; run > most || sum > inWindow {
				return true
			}
		case Empty(r):
			// Drawn under the marks after it as well: the stack goes on.
		default:
			run = 0
			at = (at + 1) % window
			sum -= marks[at]
			marks[at] = 0
		}
	}
	return false
}

// MixedScriptWord reports a word of a name that mixes the alphabets whose
// letters look alike (Latin, Greek, Cyrillic, Armenian, Cherokee, and
// Lisu, whose capitals are Latin's shapes: ꓮ ꓓ ꓲ for A D I): "Аdа
// Lоvelаce" with Cyrillic а and о reads as Ada Lovelace and matches no
// search for her. Words of different alphabets side by side pass.
// Coptic counts as Greek: its letters are Greek's shapes (Ⲁ for A), and
// Coptic was long written with Greek's letters and six of its own
// (Ϣενουτε), so a word of both is one alphabet's. The letters decide, not
// the marks on them: a mark of one alphabet's table over a letter of
// another (Cyrillic's titlo, U+0483, over a Greek letter, as in an
// abbreviation of liturgical Greek) is no look-alike of a letter.
func MixedScriptWord(s string) bool {
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		var seen *unicode.RangeTable
		for _, r := range word {
			if !unicode.IsLetter(r) {
				continue
			}
			if a := lookAlikeAlphabet(r); a != nil {
				if seen != nil && seen != a {
					return true
				}
				seen = a
			}
		}
	}
	return false
}

// lookAlikes are the alphabets MixedScriptWord keeps apart.
var lookAlikes = []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Coptic, unicode.Cyrillic, unicode.Armenian, unicode.Cherokee, unicode.Lisu}

// lookAlikeAlphabet is the alphabet of lookAlikes that letter r is of,
// Coptic's as Greek's, or nil.
func lookAlikeAlphabet(r rune) *unicode.RangeTable {
	for _, a := range lookAlikes {
		if unicode.Is(a, r) {
			if a == unicode.Coptic {
				return unicode.Greek
			}
			return a
		}
	}
	return nil
}

// PhoneChars reports a phone number written as phone numbers are: digits,
// spaces, dashes, + ( ) . , / # * : ; = (RFC 3966's ";ext=") and an
// extension's word ("ext", "extn", "x", "extension", "poste", "内線"),
// full-width forms as their own.
// A web address or a sentence in the phone field reached the mail as the
// number to call.
func PhoneChars(s string) bool {
	t := strings.ToLower(strings.Map(halfWidth, s))
	for _, w := range []string{"extension", "extn", "ext", "poste", "x", "内線"} {
		t = strings.ReplaceAll(t, w, "")
	}
	for _, r := range t {
		if !unicode.In(r, unicode.Nd, unicode.Zs, unicode.Pd) && !strings.ContainsRune("+().,/#*:;=", r) {
			return false
		}
	}
	return true
}

// halfWidth is r in its ASCII form if it is a full-width one (Japanese
// keyboards type "０３－１２３４"): the phone's check reads them alike.
func halfWidth(r rune) rune {
	if '\uff01' <= r && r <= '\uff5e' {
		return r - 0xfee0
	}
	return r
}

// HiddenText reports a message that carries text no reader of the mail
// sees, or that shows other than it was written (the tag characters of a
// flag are HasControl's):
//   - characters of the special-purpose plane but a flag's tags and the
//     variation selectors (U+E0080 on draw nothing: a text written one
//     character a byte there, like the tags, is hidden instructions to
//     whatever reads the mail);
//   - a variation selector not right after a character it can vary
//     (varies), and not more than one: a run of them after an emoji, or
//     one after each letter, is a hidden text, one selector a byte;
//   - more than two invisible characters in a row (zero-width spaces and
//     joiners as bits; an emoji's sequence has at most a selector and a
//     joiner together), or more than eight in all outside the places they
//     belong (maxLooseInvisible);
//   - interlinear annotation marks, private-use characters and
//     noncharacters;
//   - a left-to-right mark in a message with no right-to-left letters,
//     and a right-to-left mark anywhere but after right-to-left writing
//     (markOfRightToLeft), where its only work is to reorder the digits
//     and punctuation around it ("call me on \u200f600 123 456\u200f"
//     shows as 456 123 600). Hebrew or Arabic writing keeps its marks.
func HiddenText(s string) bool {
	rtl := strings.ContainsFunc(s, rightToLeftLetter)
	rs := []rune(s)
	run, loose := 0, 0
	for i, r := range rs {
		unseen := Invisible(r) && r != '\n' && r != '\r' && r != '\t'
		switch {
		case tag(r):
			run = 0 // a flag's tags: HasControl's
			continue
		case unicode.Is(unicode.Variation_Selector, r):
			if i == 0 || !varies(r, rs[i-1]) {
				return true
			}
		case '\U000E0000' <= r && r <= '\U000EFFFF',
			'\ufff9' <= r && r <= '\ufffb',
			unicode.Is(unicode.Co, r), nonCharacter(r):
			return true
		case r == '\u200e':
			if !rtl {
				return true
			}
		case r == '\u200f' || r == '\u061c':
			if !markOfRightToLeft(rs, i) {
				return true
			}
		case joinerInPlace(rs, i), r == '\u00ad':
			// A joiner in the writing that needs it, an emoji's joiner, a
			// soft hyphen: where they belong.
		case unseen:
			loose++
		}
		if unseen {
			if run++; run > 2 {
				return true
			}
		} else {
			run = 0
		}
	}
	return loose > maxLooseInvisible
}

// maxLooseInvisible is how many invisible characters a message may hold
// outside the places they belong (a zero-width space pasted with a
// quote, a word joiner): two after each letter was a hidden text, a bit
// a character.
const maxLooseInvisible = 8

// varies reports a character the variation selector sel can follow: a
// symbol (an emoji's text or picture presentation, ✌︎ ✌️), a keycap's
// digit, # or *, the emoji among punctuation and letters (‼ ⁉ 〰 〽 ℹ),
// or an ideograph (its variants, U+E0100 on); Mongolian's free variation
// selectors, a Mongolian letter (the letter's other written form); U+FE00,
// a Myanmar or Phags-pa letter too (their standardized variants). After
// a letter of another writing a selector changes nothing: one after each
// letter of a message carried a hidden byte.
func varies(sel, r rune) bool {
	if '\u180b' <= sel && sel <= '\u180f' {
		return unicode.Is(unicode.Mongolian, r)
	}
	if sel == '\ufe00' && unicode.In(r, unicode.Myanmar, unicode.Phags_Pa) {
		return true // their letters' standardized variants
	}
	return unicode.In(r, unicode.S, unicode.Nd, unicode.Han) || r == '#' || r == '*' || r == '\u203c' || r == '\u2049' || r == '\u2139' || r == '\u3030' || r == '\u303d'
}

// emojiPart reports what an emoji's zero-width joiner stands between: a
// pictograph, a skin tone, a presentation selector.
func emojiPart(r rune) bool {
	return unicode.In(r, unicode.So, unicode.Sk) || r == '\ufe0f'
}

// markOfRightToLeft reports whether the right-to-left mark at rs[i]
// follows right-to-left writing: the nearest letter before it is a
// right-to-left one, or, at the message's start, the nearest after it.
// After Latin words ("call me on \u200f600 123 456\u200f … שלום") its only
// work is to turn the digits around, whatever the message holds besides.
func markOfRightToLeft(rs []rune, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if unicode.IsLetter(rs[j]) {
			return rightToLeftLetter(rs[j])
		}
	}
	for _, r := range rs[i+1:] {
		if unicode.IsLetter(r) {
			return rightToLeftLetter(r)
		}
	}
	return false
}

func rightToLeftLetter(r rune) bool {
	return unicode.IsLetter(r) && unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana,
		unicode.Nko, unicode.Samaritan, unicode.Mandaic, unicode.Adlam)
}

func IsLetterOrDigit(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !Invisible(r)
}

// HasControl reports control characters, the Unicode line and paragraph
// separators that some mail clients treat as line breaks, and the
// bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), which make text read in another order than it was
// written: "Ada \u202eecalevoL" shows as "Ada Lovelace" in a subject line.
// A message may keep its line breaks and tabs, and the directional marks
// (U+200E, U+200F, U+061C) that right-to-left writing uses; a one-line
// field, shown in a subject or beside other text, may not: a mark there
// moves the neutral characters around it ("+1 555\u200f-0100"). Also
// refused: the deprecated format characters U+206A–U+206F, which change
// how digits and Arabic letters are drawn, and the tag characters
// U+E0000–U+E007F, which draw nothing and can carry a whole hidden text
// (instructions to whatever reads the mail), but for the flags of
// subdivisions that emoji draw, where they follow a black flag (U+1F3F4),
// spell the subdivision's code ("gbsct") and end with the cancel tag
// (U+E007F): a longer run after a flag, or another code, was a hidden
// text all the same.
func HasControl(s string, textOK bool) bool {
	inFlag := false // in a flag's tag sequence
	var code []byte // the flag's subdivision code so far
	prev := rune(0)
	for _, r := range s {
		if tag(r) {
			switch {
			case r == '\U000E007F' && inFlag && slices.Contains(subdivisionFlags, string(code)):
				inFlag = false
			case subdivisionTag(r) && (inFlag || prev == '\U0001F3F4') && len(code) < 7:
				inFlag = true
				code = append(code, byte(r-0xE0000))
			default:
				return true
			}
			prev = r
			continue
		}
		code = code[:0]
		if inFlag {
			return true // a flag's tags end with the cancel tag
		}
		prev = r
		if textOK && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' ||
			'\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u206f' {
			return true
		}
		if !textOK && (r == '\u200e' || r == '\u200f' || r == '\u061c') {
			return true
		}
	}
	return inFlag
}

// subdivisionFlags are the subdivisions whose flags emoji draw (Unicode's
// recommended tag sequences: England, Scotland, Wales). Any other code
// draws as a plain black flag, so its tags were a hidden text, seven
// letters a flag.
var subdivisionFlags = []string{"gbeng", "gbsct", "gbwls"}

// tag reports a tag character (U+E0000–U+E007F).
func tag(r rune) bool { return '\U000E0000' <= r && r <= '\U000E007F' }

func subdivisionTag(r rune) bool {
	return '\U000E0030' <= r && r <= '\U000E0039' || '\U000E0061' <= r && r <= '\U000E007A'
}

// Empty reports a character that shows no mark: white space, the
// invisible characters (the soft hyphen, the direction marks, zero-width
// spaces and joiners, variation selectors, tags, the Hangul fillers), the
// ones drawn as nothing (drawnBlank), and the Tifinagh joiner U+2D7F,
// which a name may hold between its consonants. A run of them, whatever
// the mix, reads as space: the mail shows a long one as a note of what it
// left out (an attacker's trial split blank lines with a soft hyphen on a
// line of its own, and runs of spaces with a left-to-right mark, to keep
// each run short).
func Empty(r rune) bool {
	return unicode.IsSpace(r) || Invisible(r) || drawnBlank(r) || r == '\u2d7f'
}
