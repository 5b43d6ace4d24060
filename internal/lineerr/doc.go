// Package lineerr prefixes every line of an error's message: a joined
// error prints one problem per line, and each line the CLI prints names its
// file (a run file, a snapshot). Used by packages model and runfile. It is
// internal: not part of the API.
package lineerr
