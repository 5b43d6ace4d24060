package csvin

import (
	"errors"
	"fmt"
)

// MaxProblems is how many problems a [Problems] keeps: 50, as many as a
// user reads; further problems are counted.
const MaxProblems = 50

// Problems collects the problems of one load: the first [MaxProblems] are
// kept, the rest only counted, so a file of millions of bad rows costs no
// more memory in messages than one of fifty. The zero value is ready.
type Problems struct {
	list []error
	more int // problems beyond MaxProblems
}

// Add records err (nil is ignored).
func (p *Problems) Add(err error) {
	switch {
	case err == nil:
	case len(p.list) < MaxProblems:
		p.list = append(p.list, err)
	default:
		p.more++
	}
}

// Len returns the number of problems recorded, counted ones included.
func (p *Problems) Len() int { return len(p.list) + p.more }

// Err returns the kept problems joined ([errors.Join]), followed by
// "… and K more problems" when some were only counted; nil if there are
// none.
func (p *Problems) Err() error {
	if p.more > 0 {
		return errors.Join(append(p.list[:len(p.list):len(p.list)], fmt.Errorf("… and %d more problems", p.more))...)
	}
	return errors.Join(p.list...)
}
