package params

// Validator is a component's params type: it checks its own ranges.
type Validator interface {
	Validate() error
}

// Resolve returns *p, or def when p is nil (a factory's "nil means the
// defaults"), after validating it.
func Resolve[P Validator](p *P, def P) (P, error) {
	q := def
	if p != nil {
		q = *p
	}
	if err := q.Validate(); err != nil {
		var zero P
		return zero, err
	}
	return q, nil
}

// DecodeComponent decodes a component's JSON params strictly over def
// (SPEC §2.3: defaults first, unknown keys rejected, aliases accepted) and
// validates the result.
func DecodeComponent[P Validator](data []byte, def P, rules KeyRules) (P, error) {
	p := def
	if err := DecodeStrict(data, &p, rules); err != nil {
		var zero P
		return zero, err
	}
	if err := p.Validate(); err != nil {
		var zero P
		return zero, err
	}
	return p, nil
}
