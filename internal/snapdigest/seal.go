package snapdigest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// prefix opens a sealed snapshot; the digest's hex digits follow it, then
// the closing quote and a comma.
const prefix = `{"sha256":"`

// hexLen is the length of the digest in hexadecimal (SHA-256: 32 bytes).
const hexLen = 2 * sha256.Size

// ErrNoDigest is returned by [Open] for content that does not start with
// the digest member (a snapshot written before snapshots were sealed, or
// not a sealed snapshot at all).
var ErrNoDigest = errors.New(`no sha256 digest at the start of the content`)

// Seal returns payload, a JSON object with at least one member (as
// encoding/json writes a struct: it starts with `{"`), with the digest
// member inserted first. payload is not modified.
func Seal(payload []byte) ([]byte, error) {
	if !bytes.HasPrefix(payload, []byte(`{"`)) {
		return nil, errors.New("snapdigest: the payload is not a JSON object with members")
	}
	sum := sha256.Sum256(payload)
	out := make([]byte, 0, len(prefix)+hexLen+len(payload)+1)
	out = append(out, prefix...)
	out = hex.AppendEncode(out, sum[:])
	out = append(out, '"', ',')
	return append(out, payload[1:]...), nil
}

// Open checks sealed content and returns its payload (the JSON object
// without the digest member), a sub-slice of data: Open overwrites the
// byte before the payload's members with "{", so data is no longer the
// sealed content. Content without the digest member gives [ErrNoDigest];
// a digest that does not match says so.
func Open(data []byte) ([]byte, error) {
	start := len(prefix) + hexLen + len(`",`)
	if len(data) <= start || !bytes.HasPrefix(data, []byte(prefix)) {
		return nil, ErrNoDigest
	}
	stored := string(data[len(prefix) : len(prefix)+hexLen])
	if string(data[start-2:start]) != `",` {
		return nil, fmt.Errorf("the sha256 digest %q is not %d hexadecimal digits followed by \",", data[len(prefix):start], hexLen)
	}
	payload := data[start-1:]
	payload[0] = '{'
	sum := sha256.Sum256(payload)
	if got := hex.EncodeToString(sum[:]); got != stored {
		return nil, fmt.Errorf("the content does not match its sha256 digest (the file records %q, the content hashes to %s): it was changed, truncated or damaged after it was written", stored, got)
	}
	return payload, nil
}
