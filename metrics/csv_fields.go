package metrics

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rubeola/rubeola/metrics/internal/idlist"
)

// csvLabels are the encoded labels of one id list and state: for ids[k],
// text[ends[k−1]:ends[k]] (from 0 for k = 0) is the id's CSV field followed
// by ",state," — the part of a row between the date and the values.
type csvLabels struct {
	state string
	ids   []string // a copy of the list (the strings, not their bytes)
	text  []byte
	ends  []int
}

// csvLabelSlots is how many id lists and states a [csvLabelCache] keeps:
// more than the states of any built-in tracker, whose blocks cycle through
// the states with one id list.
const csvLabelSlots = 8

// csvLabelCache keeps the labels of the last [csvLabelSlots] id lists and
// states seen. Trackers yield the same ids every tick, so each id is
// quote-checked and encoded once per state per file instead of once per
// row; checking that a block's ids are the cached ones costs a pointer
// comparison per id ([idlist.Equal]).
type csvLabelCache struct {
	slots [csvLabelSlots]csvLabels
	used  int // slots filled
	next  int // slot the next new list replaces once all are used
}

// get returns the labels of ids and state, encoding them if they are not
// cached.
func (c *csvLabelCache) get(ids []string, state string) *csvLabels {
	for k := range c.used {
		if l := &c.slots[k]; l.state == state && idlist.Equal(l.ids, ids) {
			return l
		}
	}
	l := &c.slots[c.next]
	c.next = (c.next + 1) % csvLabelSlots
	c.used = min(c.used+1, csvLabelSlots)
	l.state, l.ids = state, append(l.ids[:0], ids...)
	l.text, l.ends = l.text[:0], l.ends[:0]
	mid := append(appendCSVField([]byte{','}, state), ',')
	for _, id := range ids {
		l.text = append(appendCSVField(l.text, id), mid...)
		l.ends = append(l.ends, len(l.text))
	}
	return l
}

// digitPairs holds the two digits of 00 … 99 at 2n and 2n+1.
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// appendCount appends v in base 10, as strconv.AppendInt(buf, v, 10) does,
// faster for the counts of a tidy table (from 0 to 2³²−1; others go to
// strconv): the digits are written in place, two per division, in uint32
// arithmetic.
func appendCount(buf []byte, v int64) []byte {
	if uint64(v) >= 1<<32 {
		return strconv.AppendInt(buf, v, 10)
	}
	u := uint32(v)
	if u < 10 {
		return append(buf, byte('0'+u))
	}
	n, l := decimalLen(u), len(buf)
	if cap(buf)-l < n {
		buf = slices.Grow(buf, n)
	}
	buf = buf[:l+n]
	d := buf[l:]
	i := len(d)
	for u >= 100 {
		q := u / 100
		r := (u - q*100) * 2
		i -= 2
		d[i+1], d[i] = digitPairs[r+1], digitPairs[r]
		u = q
	}
	if u >= 10 {
		d[1], d[0] = digitPairs[2*u+1], digitPairs[2*u]
	} else {
		d[0] = byte('0' + u)
	}
	return buf
}

// decimalLen returns the number of decimal digits of u.
func decimalLen(u uint32) int {
	switch {
	case u < 10:
		return 1
	case u < 100:
		return 2
	case u < 1000:
		return 3
	case u < 10000:
		return 4
	case u < 100000:
		return 5
	case u < 1000000:
		return 6
	case u < 10000000:
		return 7
	case u < 100000000:
		return 8
	case u < 1000000000:
		return 9
	}
	return 10
}

// appendCSVField appends s as one CSV field, quoted exactly when and as
// encoding/csv's Writer (comma ',', UseCRLF false) quotes it: when s
// contains a comma, quote, CR or LF, is `\.`, or starts with a Unicode
// space; inside quotes a quote is doubled.
func appendCSVField(dst []byte, s string) []byte {
	if !csvNeedsQuotes(s) {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		dst = append(dst, s[:i+1]...)
		dst = append(dst, '"')
		s = s[i+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

// csvNeedsQuotes reports whether encoding/csv would quote s.
func csvNeedsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s == `\.` {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}
