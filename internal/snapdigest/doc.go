// Package snapdigest seals a snapshot's JSON with a SHA-256 digest and
// checks it when the snapshot is read (issue 26 item 8: bit flips in an
// uncompressed snapshot changed results without a word).
//
// A sealed snapshot is the JSON object of its payload with one more member
// first: the file (after gzip, when compressed) starts with the exact bytes
// {"sha256":"H", where H is the lowercase hexadecimal SHA-256 of the
// payload, that is of "{" followed by every byte after that comma. The
// sealed file is still one JSON object; every byte of it is checked — the
// prefix literally, H by comparison, the rest by the digest — so a file
// changed in any byte after it was written is refused.
package snapdigest
