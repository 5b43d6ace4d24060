package paramkit

import (
	"encoding/json"
	"errors"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
)

// DecodeMixer decodes the raw "mixer" value of a transmission's params
// with [mixing.DecodeMixer]; nil (and no error) when the key is absent or
// null. Errors read "<component>: mixer: …".
func DecodeMixer(component string, raw json.RawMessage) (mixing.Mixer, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	m, err := mixing.DecodeMixer(raw)
	if err != nil {
		return nil, params.PrefixErrors(component+": mixer", err)
	}
	return m, nil
}

// MarshalWithMixer encodes params fields whose mixer is a [mixing.Spec];
// a mixer that cannot write its spec is the error, in its own words.
func MarshalWithMixer(fields any) ([]byte, error) {
	data, err := json.Marshal(fields)
	if me, ok := errors.AsType[*json.MarshalerError](err); ok {
		return nil, me.Unwrap()
	}
	return data, err
}
