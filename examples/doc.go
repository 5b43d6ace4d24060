// Package examples holds small runnable programs that show rubeola's API.
// Each one is run by a test, and the README's quick start is the file
// examples/quickstart/main.go verbatim (a test checks that they agree).
package examples
